import type pg from 'pg';
import { walkChain } from './chain-walk';
import type { AppliedChange, LocalCopy, SyncedRow } from './local-copy';

export type SyncStatus =
  | { state: 'connecting' }
  | { state: 'live'; asOf: string }
  | { state: 'offline'; asOf: string | null; words: string }
  | { state: 'rewritten'; atSeq: number; words: string };

export interface LiveSyncOptions {
  /** A new connection to the team's server as this person (reading needs no desk attached). */
  connect(): Promise<pg.Client>;
  copy: LocalCopy;
  pageSize?: number;
  /** Wait before trying the server again after it was lost. */
  retryMs?: number;
  now?: () => Date;
  onApplied?(changes: AppliedChange[]): void;
  onStatus?(status: SyncStatus): void;
  /** The team's desks or people changed (channel md_team), or may have while the desk was away. */
  onTeamChanged?(): void;
}

export interface LiveSync {
  status(): SyncStatus;
  /** Catches up now (and again if a notice came meanwhile); resolves when the copy is current. */
  syncNow(): Promise<void>;
  /** Claim, send and resolve call this first: refuses in words unless the server is there and checks. */
  requireServer(): void;
  stop(): Promise<void>;
}

export class TeamOfflineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TeamOfflineError';
  }
}

const offlineWords = (asOf: string | null) =>
  `The team ledger is unreachable: nothing can be sent until it is back.${asOf ? ` This desk shows its copy as of ${asOf}.` : ''}`;

/**
 * Keeps the desk's local copy current: a dedicated connection LISTENs on md_changes and each notice
 * starts a catch-up; so does every (re)connect, because notices sent while the desk was away are
 * lost. A catch-up walks the chain from the last verified position (chain-walk.ts), fetches the
 * entries it names, then reads any row with a change_seq above the copy's highest, in pages. The copy
 * keeps a row only if it is newer than what it holds, so nothing is applied twice.
 */
export function startLiveSync(options: LiveSyncOptions): LiveSync {
  const pageSize = options.pageSize ?? 500;
  const retryMs = options.retryMs ?? 2000;
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  let status: SyncStatus = { state: 'connecting' };
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const setStatus = (next: SyncStatus) => {
    status = next;
    options.onStatus?.(next);
  };

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    which.end().catch(() => {});
    setStatus({ state: 'offline', asOf: options.copy.asOf(), words: offlineWords(options.copy.asOf()) });
    if (!stopped) retry = setTimeout(connect, retryMs);
  }

  async function connect() {
    if (stopped) return;
    let next: pg.Client | undefined;
    try {
      next = await options.connect();
      const mine = next;
      mine.on('error', () => lost(mine));
      mine.on('end', () => lost(mine));
      mine.on('notification', (notice) => {
        if (notice.channel === 'md_team') options.onTeamChanged?.();
        else void syncNow().catch(() => {});
      });
      client = mine;
      await mine.query('LISTEN md_changes');
      await mine.query('LISTEN md_team');
      if (stopped) return void mine.end().catch(() => {});
      await syncNow();
      // Notices sent while this desk was away are lost: whatever changed meanwhile is read again.
      options.onTeamChanged?.();
    } catch {
      // Once connected, losing it is lost()'s to handle (a no-op if its 'error' or 'end' already did).
      if (next) lost(next);
      else if (!stopped) {
        setStatus({ state: 'offline', asOf: options.copy.asOf(), words: offlineWords(options.copy.asOf()) });
        retry = setTimeout(connect, retryMs);
      }
    }
  }

  async function catchUp(on: pg.Client) {
    const { copy } = options;
    for (;;) {
      const step = await walkChain(on, copy.position(), pageSize);
      if (!step.ok) return setStatus({ state: 'rewritten', atSeq: step.atSeq, words: step.words });
      const rows = step.entryIds.length
        ? (
            await on.query<SyncedRow>('SELECT * FROM md.entries WHERE id = ANY($1::bigint[])', [
              step.entryIds,
            ])
          ).rows
        : [];
      report(copy.apply(rows, step.position, now()));
      if (step.events < pageSize) break;
    }
    // Belt and braces: a row changed without an event would be missed by the walk alone.
    for (;;) {
      const { rows } = await on.query<SyncedRow>(
        'SELECT * FROM md.entries WHERE change_seq > $1 ORDER BY change_seq LIMIT $2',
        [copy.lastSeq(), pageSize],
      );
      report(copy.apply(rows, copy.position(), now()));
      if (rows.length < pageSize) break;
    }
    setStatus({ state: 'live', asOf: copy.asOf() ?? now() });
  }

  function report(applied: AppliedChange[]) {
    if (applied.length) options.onApplied?.(applied);
  }

  function syncNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const on = client;
          if (!on) throw new TeamOfflineError(offlineWords(options.copy.asOf()));
          await catchUp(on);
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  void connect();
  return {
    status: () => status,
    syncNow,
    requireServer() {
      if (status.state === 'live') return;
      if (status.state === 'rewritten')
        throw new TeamOfflineError(
          `${status.words} Nothing is sent while the team’s history does not check.`,
        );
      throw new TeamOfflineError(offlineWords(options.copy.asOf()));
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await running?.catch(() => {});
      await last?.end().catch(() => {});
    },
  };
}
