import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { appendEvent, verifyChain, verifyChainSince, verifyChainUpTo, type VerifiedPrefix } from './chain';
import { verifyChainGradually } from './chain-gradual';
import { withScanCache } from './scan-cache';
import { openChain, type OpenedChain } from './chain-open';
import { exportCsv } from './csv';
import { entryBegin } from './entry-begin';
import { entrySettle } from './entry-settle';
import { entryRate } from './entry-rate';
import { depositRecords } from './deposit-records';
import { JournalError } from '../port/errors';
import { migrate, schemaVersion } from './migrations';
import { checkSchema } from './schema-check';
import { toEntry, toEvent, type EntryRow } from './rows';
import { entryPairs, openEntries, pageEntries } from './query';
import { listEntries } from './rules';
import { applyInvoiceEvent, applyWithdrawalEvent } from './webhook-events';
import { reconFacts } from './recon-facts';
import { searchTidier } from './search-tidy';
import { openSessions, verifySessions } from './sessions';
import { openAddressBook, verifyAddressBook } from './address-book';
import {
  LOCKED_WORDS,
  newerJournalWords,
  newerSchemaOf,
  openReadOnlyDatabase,
  refusingWrites,
} from './read-only';
import type { ChainCheck } from '../port/types';

export type { Journal, OpenJournalOptions } from './journal-api';
import type { HeldAnswer, Journal, OpenJournalOptions } from './journal-api';

/** The desk of a journal opened without one (unit tests, helper processes); the app always names it. */
export const UNNAMED_DESK = 'desk-unnamed';

export const RECOVERED_REASON =
  'Merchant Desk stopped before the answer to this request was recorded; the service may or may not have performed it.';

function openDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // Short busy timeout: the only contender is another app instance, and waiting will not help.
  const db = new BetterSqlite3(file, { timeout: 250 });
  try {
    // Exclusive: a second app instance must not see our in-flight rows and call them "unknown".
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('fullfsync = ON');
    db.pragma('foreign_keys = ON');
    // Functions and virtual tables with side effects may not run from the file's own schema.
    db.pragma('trusted_schema = OFF');
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new JournalError('locked', LOCKED_WORDS);
    }
    throw error;
  }
}

export function openJournal(file: string, options: OpenJournalOptions = {}): Journal {
  // A journal a newer app wrote is shown, never changed: its schema may hold rules this code lacks.
  const newer = newerSchemaOf(file);
  const readOnly = newer === null ? null : newerJournalWords(newer);
  const db = readOnly === null ? openDatabase(file) : openReadOnlyDatabase(file);
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const context = { db, now, write, row };
  const deskId = options.deskId ?? UNNAMED_DESK;
  const begin = entryBegin(context, deskId);
  const { settle, resolve, attachWithdrawalId } = entrySettle(context);
  const recordRate = entryRate(context);
  const { recordDeposit, deposits } = depositRecords(context);
  let recovered: number[] = [];
  let settledAtOpen: number[] = [];
  let chain: OpenedChain | undefined;
  let tidier: ReturnType<typeof searchTidier> | undefined;
  try {
    if (readOnly !== null) {
      // Checked against the keychain's record, sealed and recovered by nothing: the file stays as it is.
      chain = openChain(db, options.chain, now, { readOnly: true });
    } else {
      // Before anything runs against it: a planted trigger would fire inside the migrations too.
      checkSchema(db, schemaVersion(db));
      migrate(db);
      tidier = searchTidier(db, options.onIdleError ?? (() => {}));
      chain = openChain(db, options.chain, now);
      claimUnowned();
      settledAtOpen = settleHeld(options.heldAnswers ?? []);
      recovered = recoverInFlight();
    }
    options.onOpen?.(db);
  } catch (error) {
    db.close();
    throw error;
  }

  function write<T>(fn: () => T): T {
    if (readOnly !== null) throw new JournalError('newer-schema', readOnly);
    const result = db.transaction(fn).immediate();
    chain?.afterWrite();
    tidier?.afterWrite();
    return result;
  }

  /** The chain as replayed, or what the keychain's record says is missing when the replay holds. */
  function checked(check: ChainCheck): ChainCheck {
    const problem = chain?.problem;
    return check.ok && problem ? { ok: false, brokenAt: { reason: problem } } : check;
  }

  function row(id: number): EntryRow {
    const found = db.prepare('SELECT * FROM entries WHERE id = ?').get(id) as EntryRow | undefined;
    if (!found) throw new JournalError('not-found', `No journal entry #${id}.`);
    return found;
  }

  /** Rows written before entries named their desk were this desk's: it was the file's only one. */
  function claimUnowned(): void {
    write(() => db.prepare('UPDATE entries SET desk_id = ? WHERE desk_id IS NULL').run(deskId));
  }

  /** This desk's rows still `sending`: it stopped before their answers. Other desks' are theirs. */
  function recoverInFlight(): number[] {
    return write(() => {
      const at = now();
      const ids = (
        db
          .prepare("SELECT id FROM entries WHERE state = 'sending' AND desk_id = ? ORDER BY id")
          .all(deskId) as { id: number }[]
      ).map((r) => r.id);
      for (const id of ids) {
        db.prepare("UPDATE entries SET state = 'unknown', updated_at = ? WHERE id = ?").run(at, id);
        appendEvent(db, id, 'recovered', at, { from: 'sending', to: 'unknown', reason: RECOVERED_REASON });
      }
      return ids;
    });
  }

  /** Settles answers held outside the database; one for a row no longer `sending` is done already. */
  function settleHeld(held: readonly HeldAnswer[]): number[] {
    const done: number[] = [];
    for (const { journalId, input } of held) {
      const found = db.prepare('SELECT state FROM entries WHERE id = ?').get(journalId) as
        { state: string } | undefined;
      if (found?.state === 'sending') settle(journalId, input);
      done.push(journalId);
    }
    return done;
  }

  // The chain as last found whole on this connection: the next check replays only what came since.
  let verified: VerifiedPrefix | null = null;
  // Each check supersedes a gradual one still running: that one then stops at its next pause.
  let generation = 0;
  function verifyAll(): ChainCheck {
    generation++;
    return settleCheck(
      withScanCache(db, () => (verified ? verifyChainSince(db, verified) : verifyChain(db))),
    );
  }

  async function verifyGradually(pause: () => Promise<void>): Promise<ChainCheck | null> {
    const mine = ++generation;
    const current = () => mine === generation && db.open;
    const check = await verifyChainGradually(db, pause, current);
    return check && current() ? settleCheck(check) : null;
  }

  function settleCheck(replayed: ChainCheck): ChainCheck {
    const check = checked(replayed);
    verified = null;
    if (!check.ok) return check;
    const sessions = verifySessions(db);
    if (!sessions.ok) return sessions;
    const book = verifyAddressBook(db);
    if (!book.ok) return book;
    const last = db.prepare('SELECT coalesce(max(id), 0) AS id FROM entries').pluck().get() as number;
    verified = { count: check.events, head: check.head, lastEntryId: last };
    return check;
  }

  const facts = refusingWrites(
    reconFacts(db),
    ['recordSnapshots', 'recordMovement', 'markMatched'],
    readOnly,
  );
  const sessions = refusingWrites(openSessions(context, deskId), ['start', 'review', 'close'], readOnly);
  const journal: Journal = {
    begin,
    settle,
    resolve,
    applyWithdrawalEvent: (withdrawalId, event, payload, profileId) =>
      applyWithdrawalEvent(context, withdrawalId, event, payload, profileId),
    applyInvoiceEvent: (ref, event, payload) => applyInvoiceEvent(context, ref, event, payload),
    get: (id) => {
      const found = db.prepare('SELECT * FROM entries WHERE id = ?').get(id) as EntryRow | undefined;
      return found ? toEntry(found) : null;
    },
    list: (query = {}) => listEntries(db, query),
    page: (filter, page) => pageEntries(db, filter, page),
    openEntries: (profileId) => openEntries(db, profileId),
    pairs: (profileId) => entryPairs(db, profileId),
    events: (id) =>
      (
        db.prepare('SELECT * FROM events WHERE entry_id = ? ORDER BY seq').all(id) as Parameters<
          typeof toEvent
        >[0][]
      ).map(toEvent),
    findUnknown: () =>
      (db.prepare("SELECT * FROM entries WHERE state = 'unknown' ORDER BY id").all() as EntryRow[]).map(
        toEntry,
      ),
    findAcceptedWithoutWithdrawalId: (profileId) =>
      (
        db
          .prepare(
            "SELECT * FROM entries WHERE operation = 'createWithdrawal' AND state = 'accepted' AND withdrawal_id IS NULL AND profile_id = ? ORDER BY id",
          )
          .all(profileId) as EntryRow[]
      ).map(toEntry),
    attachWithdrawalId,
    recordRate,
    recordDeposit,
    deposits,
    // The sessions' rows are checked against the chain too: editing one breaks the journal's check.
    verifyChain: verifyAll,
    verifyChainGradually: verifyGradually,
    reconciliation: { facts, sessions },
    addressBook: refusingWrites(openAddressBook(context), ['add', 'remove'], readOnly),
    verifyChainUpTo: (id) => verifyChainUpTo(db, id, verified ?? undefined),
    get chainProblem() {
      return chain?.problem ?? null;
    },
    diagnostics: () => ({
      journalMode: String(db.pragma('journal_mode', { simple: true })),
      synchronous: db.pragma('synchronous', { simple: true }) === 2 ? 'FULL' : 'other',
      schemaVersion: schemaVersion(db),
    }),
    exportCsv: (filter) => exportCsv(db, filter),
    deskId,
    readOnly,
    get recovered() {
      return recovered;
    },
    get settledAtOpen() {
      return settledAtOpen;
    },
    close: () => {
      tidier?.dispose();
      db.close();
    },
  };
  return refusingWrites(journal, JOURNAL_WRITES, readOnly);
}

/** The journal's own writes; its reconciliation's and address book's are refused where they are made. */
const JOURNAL_WRITES = [
  'begin',
  'settle',
  'resolve',
  'applyWithdrawalEvent',
  'applyInvoiceEvent',
  'attachWithdrawalId',
] as const satisfies readonly (keyof Journal)[];
