import pg from 'pg';
import { JournalError } from '../port/errors';
import type { HeldAnswer, JournalStore } from '../port/journal-store';
import type { ReconFactsStore, SessionsStore } from '../port/recon-store';
import type { BeginInput, ChainCheck, JournalEntry, Operation } from '../port/types';
import { verifyTeamChain, type VerifiedPosition } from './chain-verify';
import { exportTeamCsv } from './csv-export';
import { deskConnection } from './desk-connection';
import { entryReads } from './entry-reads';
import { entryWrites } from './entry-writes';
import { CODE_SCHEMA_VERSION, openMode, openModeMessage, schemaVersion, type OpenMode } from './migrate';
import { provenance, type Provenance } from './provenance';
import { openPgReconciliation } from './recon-stores';
import { depositReads } from './deposit-reads';

export type { VerifiedPosition } from './chain-verify';
export type { Provenance } from './provenance';

export interface PgJournalOptions {
  /** This desk's id as the app names it (`desk-<uuid>`, see storage/desk-id.ts) or the bare uuid. */
  deskId: string;
  /** The desk's secret from enrollment (kept in the keychain); the server holds only its hash. */
  deskToken: string;
  /** Where this desk last found the chain whole (kept locally); checked at open and on every check. */
  lastVerified?: VerifiedPosition | null;
  /** Told each time a check finds the chain whole, to keep the position locally. */
  onVerified?: (position: VerifiedPosition) => void;
  heldAnswers?: readonly HeldAnswer[];
  /** Reconciliation stores to use instead of the ledger's own over this store's connection (tests). */
  reconciliation?: { facts: ReconFactsStore; sessions: SessionsStore };
}

/** The team ledger as the port, plus what only a shared ledger has. */
export interface PgJournalStore extends JournalStore {
  /** read-only: the server's schema is newer than this desk; every write is refused with `modeMessage`. */
  readonly mode: Exclude<OpenMode, 'needs-migration'>;
  readonly modeMessage: string | null;
  /** Records an intent that nobody has claimed; nothing is sent. */
  createIntent(operation: Operation, input: BeginInput): Promise<number>;
  /** Claims an intent for this desk (one desk wins; the others are told who holds it). */
  claim(id: number): Promise<JournalEntry>;
  /**
   * Marks another desk's send unknown when that desk has no connection left and claimed it over two
   * minutes ago: it then waits on every desk for the webhook or a person. Never retried, never released.
   */
  markAbandoned(id: number): Promise<JournalEntry>;
  lastVerified(): VerifiedPosition | null;
  /** Which desk holds the entry's send, and which desk and login made each step of it. */
  provenance(id: number): Promise<Provenance | null>;
}

const UUID = /^(?:desk-)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export async function openPgJournalStore(
  source: pg.Pool | pg.PoolConfig,
  options: PgJournalOptions,
): Promise<PgJournalStore> {
  const deskUuid = UUID.exec(options.deskId)?.[1];
  if (!deskUuid) throw new JournalError('invalid', `${options.deskId} is not a desk id.`);
  const db = deskConnection(source, { deskUuid, token: options.deskToken });
  try {
    return await open(db, deskUuid, options);
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function open(
  db: ReturnType<typeof deskConnection>,
  deskUuid: string,
  options: PgJournalOptions,
): Promise<PgJournalStore> {
  const version = await schemaVersion({ query: async (sql) => ({ rows: await db.query(sql) }) });
  const mode = openMode(version);
  const modeMessage = openModeMessage(mode, version, CODE_SCHEMA_VERSION);
  if (mode === 'needs-migration') throw new JournalError('locked', modeMessage!);
  // Whether this connection may speak for the desk at all (a revoked desk is refused here).
  await db.query('SELECT md.current_desk()');
  // A viewer writes nothing, so recovers nothing: this desk's interrupted sends wait for an operator.
  const [role] = await db.query<{ operator: boolean }>(
    "SELECT pg_has_role('md_operator', 'MEMBER') AS operator",
  );

  const reads = entryReads(db);
  const writes = entryWrites(db, reads.get);
  let lastVerified = options.lastVerified ?? null;
  let generation = 0;
  let closed = false;
  const writable = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    mode === 'read-write'
      ? fn
      : async (..._args: A): Promise<R> => {
          throw new JournalError('newer-schema', modeMessage!);
        };

  async function positionProblem(): Promise<string | null> {
    if (!lastVerified) return null;
    const [row] = await db.query<{ hash: string }>('SELECT hash FROM md.events WHERE seq = $1', [
      lastVerified.seq,
    ]);
    if (!row)
      return `The team's chain no longer has event ${lastVerified.seq}, which this desk verified before.`;
    return row.hash === lastVerified.hash
      ? null
      : `The team's history was rewritten: event ${lastVerified.seq} is not the one this desk verified before.`;
  }

  function remember(check: ChainCheck | null): ChainCheck | null {
    if (check?.ok && check.events > 0) {
      lastVerified = { seq: check.events, hash: check.head };
      options.onVerified?.(lastVerified);
    }
    return check;
  }

  async function verify(upTo?: { seq: number; entryId: number }, stopped?: () => boolean) {
    return verifyTeamChain(db, { lastVerified, upToSeq: upTo?.seq, onlyEntry: upTo?.entryId, stopped });
  }

  const chainProblem = await positionProblem();
  const settledAtOpen: number[] = [];
  let recovered: number[] = [];
  if (mode === 'read-write' && role?.operator) {
    for (const { journalId, input } of options.heldAnswers ?? []) {
      if ((await reads.get(journalId))?.state === 'sending') await writes.settle(journalId, input);
      settledAtOpen.push(journalId);
    }
    recovered = await writes.recover();
  }

  return {
    deskId: `desk-${deskUuid}`,
    recovered,
    chainProblem,
    settledAtOpen,
    mode,
    modeMessage,
    begin: writable(writes.begin),
    createIntent: writable(writes.createIntent),
    claim: writable(writes.claim),
    markAbandoned: writable(writes.markAbandoned),
    settle: writable(writes.settle),
    resolve: writable(writes.resolve),
    applyWithdrawalEvent: writable(writes.applyWithdrawalEvent),
    applyInvoiceEvent: writable(writes.applyInvoiceEvent),
    attachWithdrawalId: writable(writes.attachWithdrawalId),
    recordRate: writable(writes.recordRate),
    recordDeposit: writable(writes.recordDeposit),
    get: reads.get,
    list: reads.list,
    events: reads.events,
    deposits: depositReads(db),
    findUnknown: reads.findUnknown,
    findAcceptedWithoutWithdrawalId: reads.findAcceptedWithoutWithdrawalId,
    page: reads.page,
    openEntries: reads.openEntries,
    pairs: reads.pairs,
    async verifyChain() {
      generation += 1;
      // Never stopped: only a gradual check is.
      return remember(await verify())!;
    },
    async verifyChainGradually() {
      const mine = (generation += 1);
      return remember(await verify(undefined, () => closed || generation !== mine));
    },
    async verifyChainUpTo(id) {
      const [row] = await db.query<{ seq: string | null }>(
        'SELECT max(seq) AS seq FROM md.events WHERE entry_id = $1',
        [id],
      );
      if (!row?.seq)
        return { ok: false, brokenAt: { entryId: id, reason: 'the entry has no event in the chain' } };
      return (await verify({ seq: Number(row.seq), entryId: id }))!;
    },
    exportCsv: (filter) => exportTeamCsv(db, filter),
    // Over the desk's own connection; refused in the mode's words when the server's schema is newer.
    reconciliation:
      options.reconciliation ??
      openPgReconciliation(db, { readOnly: mode === 'read-only' ? modeMessage : null }),
    lastVerified: () => lastVerified,
    provenance: (id) => provenance(db, id),
    async diagnostics() {
      const [s] = await db.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      return {
        journalMode: 'postgresql',
        synchronous: s?.synchronous_commit === 'off' ? 'other' : 'FULL',
        schemaVersion: version,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}
