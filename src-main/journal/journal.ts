import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { z } from 'zod';
import { describeFieldErrors, zodFieldErrors } from '@shared/field-errors';
import { canonicalJson } from '../api/canonical';
import { compareDecimal } from '../api/decimal';
import { appendEvent, verifyChain, verifyChainSince, verifyChainUpTo, type VerifiedPrefix } from './chain';
import { openChain, type OpenedChain } from './chain-open';
import { exportCsv } from './csv';
import {
  DuplicateWithdrawalError,
  IllegalTransitionError,
  isStorageFailure,
  JournalError,
  NotRecordedError,
  type DuplicateMatch,
} from './errors';
import { extractFields } from './fields';
import { migrate, schemaVersion } from './migrations';
import { refuseSecrets, toStoredJson } from './redact';
import { answerGaps, toEntry, toEvent, type EntryRow } from './rows';
import { entryPairs, openEntries, pageEntries } from './query';
import { checkResolution, initialSettlement, listEntries } from './rules';
import { applyInvoiceEvent, applyWithdrawalEvent } from './webhook-events';
import { reconFacts } from './recon-facts';
import { openSessions, verifySessions } from './sessions';
import {
  BeginInputSchema,
  ExternalIdsSchema,
  ResolveInputSchema,
  SettleInputSchema,
  type BeginInput,
  type ChainCheck,
  type EntryState,
  type JournalEntry,
  type Operation,
  type ResolveInput,
  type SettleInput,
} from './types';

export type { HeldAnswer, Journal, OpenJournalOptions } from './journal-api';
import type { HeldAnswer, Journal, OpenJournalOptions } from './journal-api';

export const RECOVERED_REASON =
  'Merchant Desk stopped before the answer to this request was recorded; the service may or may not have performed it.';

function invalid(error: z.ZodError): JournalError {
  return new JournalError('invalid', describeFieldErrors(zodFieldErrors(error)));
}

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
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new JournalError(
        'locked',
        'The journal is in use by another Merchant Desk window; close it and try again.',
      );
    }
    throw error;
  }
}

export function openJournal(file: string, options: OpenJournalOptions = {}): Journal {
  const db = openDatabase(file);
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  let recovered: number[] = [];
  let settledAtOpen: number[] = [];
  let chain: OpenedChain | undefined;
  try {
    migrate(db);
    chain = openChain(db, options.chain);
    settledAtOpen = settleHeld(options.heldAnswers ?? []);
    recovered = recoverInFlight();
    options.onOpen?.(db);
  } catch (error) {
    db.close();
    throw error;
  }

  function write<T>(fn: () => T): T {
    const result = db.transaction(fn).immediate();
    chain?.afterWrite();
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

  function recoverInFlight(): number[] {
    return write(() => {
      const at = now();
      const ids = (
        db.prepare("SELECT id FROM entries WHERE state = 'sending' ORDER BY id").all() as { id: number }[]
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

  function unfinishedWithdrawals(
    environment: string,
    coin: string,
    network: string,
    toAddress: string,
    amount: string,
  ): DuplicateMatch[] {
    // Case-insensitive on purpose: a false match costs a confirmation, a missed one costs money.
    const rows = db
      .prepare(
        `SELECT id, state, settlement, amount, created_at FROM entries
         WHERE operation = 'createWithdrawal' AND environment = ? AND lower(coin) = lower(?) AND lower(network) = lower(?)
           AND lower(trim(to_address)) = lower(trim(?))
           AND (state IN ('sending', 'unknown')
             OR (state IN ('accepted', 'resolved-performed') AND (settlement IS NULL OR settlement IN ('pending', 'processing'))))
         ORDER BY id`,
      )
      .all(environment, coin, network, toAddress) as {
      id: number;
      state: string;
      settlement: string | null;
      amount: string;
      created_at: string;
    }[];
    return rows
      .filter((r) => compareDecimal(r.amount, amount) === 0)
      .map((r) => ({ id: r.id, state: r.state, settlement: r.settlement, createdAt: r.created_at }));
  }

  function begin(operation: Operation, input: BeginInput): number {
    const parsed = BeginInputSchema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    const { profileId, environment, requestBody, invoiceCode, override } = parsed.data;
    refuseSecrets(requestBody);
    let body: string;
    try {
      body = canonicalJson(requestBody);
    } catch (error) {
      // Floats and the like would be reshaped on the wire; refuse before anything is recorded or sent.
      throw new JournalError('invalid', `requestBody: ${(error as Error).message}`);
    }
    const f = extractFields(operation, requestBody, invoiceCode);
    try {
      return insertIntent(operation, profileId, environment, body, f, override);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      throw new JournalError(
        'not-recorded',
        'Nothing was sent: this desk cannot record the request because the disk is full or failing. Free some space and try again.',
      );
    }
  }

  function insertIntent(
    operation: Operation,
    profileId: string,
    environment: 'sandbox' | 'live',
    body: string,
    f: ReturnType<typeof extractFields>,
    override: { reason: string } | undefined,
  ): number {
    return write(() => {
      if (operation === 'createWithdrawal') {
        const matches = unfinishedWithdrawals(
          environment,
          f.coin ?? '',
          f.network ?? '',
          f.toAddress ?? '',
          f.amount ?? '0',
        );
        if (matches.length > 0 && !override) throw new DuplicateWithdrawalError(matches);
      }
      const at = now();
      const result = db
        .prepare(
          `INSERT INTO entries (operation, profile_id, environment, state, request_body, order_id, coin, network, amount,
             to_address, invoice_code, override_reason, created_at, updated_at)
           VALUES (?, ?, ?, 'sending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          operation,
          profileId,
          environment,
          body,
          f.orderId,
          f.coin,
          f.network,
          f.amount,
          f.toAddress,
          f.invoiceCode,
          override?.reason ?? null,
          at,
          at,
        );
      const id = Number(result.lastInsertRowid);
      appendEvent(db, id, 'begin', at, { operation, override: override ?? null });
      return id;
    });
  }

  function settle(id: number, input: SettleInput): JournalEntry {
    const parsed = SettleInputSchema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    const { outcome, response, externalIds = {}, warnings = [] } = parsed.data;
    const error = warnings.length > 0 ? answerGaps(warnings) : parsed.data.error;
    try {
      return settleRow(id, outcome, response, externalIds, warnings, error);
    } catch (failure) {
      // A full or failing disk says nothing about the answer: the caller keeps it and tries again.
      if (isStorageFailure(failure)) throw new NotRecordedError(id, failure);
      throw failure;
    }
  }

  function settleRow(
    id: number,
    outcome: 'accepted' | 'rejected' | 'unknown',
    response: unknown,
    externalIds: NonNullable<SettleInput['externalIds']>,
    warnings: string[],
    error: unknown,
  ): JournalEntry {
    return write(() => {
      const current = row(id);
      if (current.state !== 'sending')
        throw new IllegalTransitionError(id, current.state, `settled as ${outcome}`);
      const settlement =
        outcome === 'accepted' && current.operation === 'createWithdrawal'
          ? initialSettlement(response)
          : null;
      const at = now();
      updateIds(id, externalIds);
      db.prepare(
        'UPDATE entries SET state = ?, response_json = ?, error_json = ?, settlement = ?, updated_at = ? WHERE id = ?',
      ).run(outcome, toStoredJson(response), toStoredJson(error), settlement, at, id);
      appendEvent(db, id, 'settle', at, {
        from: 'sending',
        to: outcome,
        externalIds,
        ...(warnings.length > 0 ? { warnings } : {}),
      });
      return toEntry(row(id));
    });
  }

  function updateIds(id: number, ids: NonNullable<SettleInput['externalIds']>): void {
    try {
      db.prepare(
        `UPDATE entries SET invoice_id = coalesce(?, invoice_id), invoice_code = coalesce(?, invoice_code),
           withdrawal_id = coalesce(?, withdrawal_id), wallet_id = coalesce(?, wallet_id), card_order_id = coalesce(?, card_order_id)
         WHERE id = ?`,
      ).run(
        ids.invoiceId ?? null,
        ids.invoiceCode ?? null,
        ids.withdrawalId ?? null,
        ids.walletId ?? null,
        ids.cardOrderId ?? null,
        id,
      );
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      throw new JournalError(
        'conflict',
        `Withdrawal ${ids.withdrawalId ?? ''} is already recorded on another journal entry.`,
      );
    }
  }

  function resolve(id: number, input: ResolveInput): JournalEntry {
    const parsed = ResolveInputSchema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    const r = parsed.data;
    return write(() => {
      const current = row(id);
      if (current.state !== 'unknown')
        throw new IllegalTransitionError(id, current.state, 'resolved (only unknown entries are)');
      checkResolution(current, r);
      const to: EntryState = r.performed ? 'resolved-performed' : 'resolved-not-performed';
      const at = now();
      const reason = r.reason || `evidence: ${r.evidence?.kind ?? ''}`;
      const person = r.by === 'person' ? r.person : undefined;
      const resolution = {
        by: r.by,
        ...(person ? { person } : {}),
        performed: r.performed,
        reason,
        evidence: r.evidence ?? null,
        at,
      };
      updateIds(id, r.externalIds ?? {});
      const settlement = r.performed && current.operation === 'createWithdrawal' ? 'pending' : null;
      db.prepare(
        'UPDATE entries SET state = ?, resolution_json = ?, settlement = coalesce(settlement, ?), updated_at = ? WHERE id = ?',
      ).run(to, toStoredJson(resolution), settlement, at, id);
      appendEvent(db, id, 'resolve', at, {
        from: 'unknown',
        to,
        by: r.by,
        ...(person ? { person } : {}),
        reason,
      });
      return toEntry(row(id));
    });
  }

  function attachWithdrawalId(id: number, withdrawalId: string, reason: string): JournalEntry {
    const parsed = ExternalIdsSchema.safeParse({ withdrawalId });
    if (!parsed.success) throw invalid(parsed.error);
    return write(() => {
      const current = row(id);
      if (current.operation !== 'createWithdrawal' || current.state !== 'accepted' || current.withdrawal_id)
        throw new IllegalTransitionError(
          id,
          current.state,
          'given a withdrawal id (only an accepted one without)',
        );
      const at = now();
      updateIds(id, parsed.data);
      db.prepare('UPDATE entries SET updated_at = ? WHERE id = ?').run(at, id);
      appendEvent(db, id, 'match', at, { withdrawalId: parsed.data.withdrawalId, reason });
      return toEntry(row(id));
    });
  }

  // The chain as last found whole on this connection: the next check replays only what came since.
  let verified: VerifiedPrefix | null = null;
  function verifyAll(): ChainCheck {
    const check = checked(verified ? verifyChainSince(db, verified) : verifyChain(db));
    verified = null;
    if (!check.ok) return check;
    const sessions = verifySessions(db);
    if (!sessions.ok) return sessions;
    const last = db.prepare('SELECT coalesce(max(id), 0) AS id FROM entries').pluck().get() as number;
    verified = { count: check.events, head: check.head, lastEntryId: last };
    return check;
  }

  const context = { db, now, write, row };
  return {
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
    // The sessions' rows are checked against the chain too: editing one breaks the journal's check.
    verifyChain: verifyAll,
    reconciliation: { facts: reconFacts(db), sessions: openSessions(context) },
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
    get recovered() {
      return recovered;
    },
    get settledAtOpen() {
      return settledAtOpen;
    },
    close: () => db.close(),
  };
}
