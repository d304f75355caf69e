import type { BalanceSnapshot, Movement, MovementCore, Pair, Period } from './recon-types';
import type { Environment } from './types';

export interface SnapshotInput {
  coin: string;
  network: string;
  total: string;
  available: string | null;
  frozen: string | null;
}

/** A movement's figures; `id` finds the whole movement when it is shown. */
export type MovementFact = MovementCore & { id: number };
/** A reconciliation session row exactly as stored. */
export interface SessionRow {
  id: number;
  profile_id: string;
  environment: Environment;
  from_at: string;
  to_at: string;
  state: 'open' | 'closed';
  started_at: string;
  /**
   * Who started it: the signed-in OS user main recorded (on a team ledger, the login the server saw);
   * null for sessions started before it was recorded.
   */
  started_by: string | null;
  closed_at: string | null;
  closed_by: string | null;
  close_note: string | null;
  with_exceptions: number | null;
  report_json: string | null;
}

export interface ReviewRow {
  session_id: number;
  item_key: string;
  note: string;
  by_name: string;
  at: string;
}

/** One step of a session: the person who took it and the desk it was taken from. */
export interface SessionStep {
  person: string;
  deskId: string;
  deskName: string;
  at: string;
}

/**
 * Who started, reviewed and closed a session. On a team's ledger: the login (session_user) and desk
 * the server recorded. On a desk alone: this computer's account and name, the only ones its journal
 * (in that account's data folder) is written by.
 */
export interface SessionPeople {
  started: SessionStep;
  reviews: Array<SessionStep & { itemKey: string }>;
  closed: SessionStep | null;
}

/** The facts a reconciliation reads: balance snapshots and the movements verified webhooks reported. */
export interface ReconFactsStore {
  /** Records the snapshots not within a minute of the last one per asset (all with `force`); how many. */
  recordSnapshots(
    profileId: string,
    rows: readonly SnapshotInput[],
    at: string,
    force?: boolean,
  ): Promise<number>;
  /** Per pair, the snapshots on either side of each bound of the period. */
  snapshotsAround(profileId: string, period: Period): Promise<BalanceSnapshot[]>;
  recordMovement(profileId: string, movement: Movement): Promise<void>;
  markMatched(profileId: string, key: string, entryId: number): Promise<void>;
  pairsBetween(profileId: string, from: string, to: string): Promise<Pair[]>;
  movementFacts(profileId: string, pair: Pair, from: string, to: string): Promise<MovementFact[]>;
  hasMovementBetween(profileId: string, key: string, from: string, to: string): Promise<boolean>;
  movementsById(ids: readonly number[]): Promise<Map<number, Movement>>;
}

/** What starting a reconciliation session takes. */
export interface SessionStart {
  profileId: string;
  environment: Environment;
  from: string;
  to: string;
  /**
   * Who starts it, as main recorded them (app/modules/reconciliation always says; a team ledger
   * records the login it sees instead).
   */
  by?: string;
}

/** Reconciliation sessions and their reviewed items; every change is recorded in the chain. */
export interface SessionsStore {
  start(input: SessionStart): Promise<SessionRow>;
  review(id: number, itemKey: string, note: string, by: string): Promise<ReviewRow>;
  close(
    id: number,
    input: { by: string; note: string; withExceptions: boolean; report: unknown },
  ): Promise<SessionRow>;
  get(id: number): Promise<SessionRow | undefined>;
  /** The session; a JournalError 'not-found' when there is none. */
  must(id: number): Promise<SessionRow>;
  list(profileId: string): Promise<SessionRow[]>;
  reviews(id: number): Promise<ReviewRow[]>;
  /** Who did each step; a JournalError 'not-found' when there is no such session. */
  people(id: number): Promise<SessionPeople>;
}
