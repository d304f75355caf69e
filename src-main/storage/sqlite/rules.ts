import type { Database } from 'better-sqlite3';
import { JournalError } from '../port/errors';
import { toEntry, type EntryRow } from './rows';
import type { JournalEntry, ListQuery, Operation, ResolveInputSchema } from '../port/types';
import type { z } from 'zod';

type ResolveInputParsed = z.output<typeof ResolveInputSchema>;

// Twins in SQL: md.initial_settlement and md.check_resolution (storage/pg/migrations/001-core-claim.ts,
// 001-core-resolve.ts); test/integration/team/pg-rules.test.ts checks they agree.
export function initialSettlement(response: unknown): 'pending' | 'processing' {
  // The 200 carries the projected status (pending or processing); anything else starts as pending.
  // Callers pass the envelope's data; an enveloped response is read too.
  const r = response as { status?: unknown; data?: { status?: unknown } } | null | undefined;
  return r?.status === 'processing' || r?.data?.status === 'processing' ? 'processing' : 'pending';
}

export function checkResolution(current: EntryRow, r: ResolveInputParsed): void {
  if (r.by === 'person') {
    if (r.reason.length === 0)
      throw new JournalError('invalid', 'reason: say why you decided this (for example what you checked).');
    return;
  }
  const evidence = r.evidence;
  if (!evidence) throw new JournalError('invalid', 'evidence: a resolution by evidence needs the evidence.');
  // Evidence can show that something happened; that it did not happen is a person's judgement, with
  // one exception: the same order_id accepted again proves the first attempt created nothing.
  const provesNotPerformed = evidence.kind === 'order-id-accepted';
  if (r.performed === provesNotPerformed) {
    throw new JournalError(
      'invalid',
      provesNotPerformed
        ? 'performed: an accepted re-submission shows the first attempt was not performed.'
        : 'performed: evidence can only show that the operation was performed.',
    );
  }
  const allowed: Record<typeof evidence.kind, Operation[]> = {
    webhook: ['createWithdrawal', 'createInvoice'],
    'invoice-lookup': ['createInvoice', 'createProviderCardOrder'],
    'order-id-conflict': ['createInvoice'],
    'order-id-accepted': ['createInvoice'],
  };
  if (!allowed[evidence.kind].includes(current.operation)) {
    throw new JournalError('invalid', `evidence: ${evidence.kind} cannot resolve a ${current.operation}.`);
  }
  if (
    (evidence.kind === 'order-id-conflict' || evidence.kind === 'order-id-accepted') &&
    evidence.orderId !== current.order_id
  ) {
    throw new JournalError('invalid', 'evidence: the re-submission was for a different order_id.');
  }
}

export function listEntries(db: Database, query: ListQuery): JournalEntry[] {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 100), 1), 1000);
  const where: string[] = [];
  const args: (string | number)[] = [];
  const add = (clause: string, value: string | number) => {
    where.push(clause);
    args.push(value);
  };
  if (query.profileId !== undefined) add('profile_id = ?', query.profileId);
  if (query.operation) add('operation = ?', query.operation);
  if (query.state) add('state = ?', query.state);
  if (query.before !== undefined) add('id < ?', query.before);
  const sql = `SELECT * FROM entries ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
  return (db.prepare(sql).all(...args, limit) as EntryRow[]).map(toEntry);
}
