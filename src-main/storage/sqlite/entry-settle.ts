import { appendEvent } from './chain';
import type { EntryContext } from './context';
import {
  IllegalTransitionError,
  invalidInput,
  isStorageFailure,
  JournalError,
  NotRecordedError,
} from '../port/errors';
import { toStoredJson } from '../port/redact';
import { answerGaps, toEntry } from './rows';
import { checkResolution, initialSettlement } from './rules';
import {
  ExternalIdsSchema,
  ResolveInputSchema,
  SettleInputSchema,
  type EntryState,
  type JournalEntry,
  type ResolveInput,
  type SettleInput,
} from '../port/types';

/** An entry's later steps: the answer recorded, an unknown one resolved, a withdrawal id a webhook named. */
export function entrySettle(ctx: EntryContext) {
  const { db, now, write, row } = ctx;

  function settle(id: number, input: SettleInput): JournalEntry {
    const parsed = SettleInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error);
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
    if (!parsed.success) throw invalidInput(parsed.error);
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
    if (!parsed.success) throw invalidInput(parsed.error);
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

  return { settle, resolve, attachWithdrawalId };
}
