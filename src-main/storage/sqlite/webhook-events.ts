import type { Database } from 'better-sqlite3';
import { appendEvent } from './chain';
import { JournalError } from '../port/errors';
import { toStoredJson } from '../port/redact';
import type { EntryRow } from './rows';
import {
  INVOICE_EVENTS,
  WITHDRAWAL_EVENTS,
  type ApplyResult,
  type InvoiceEvent,
  type Settlement,
  type WithdrawalEvent,
} from '../port/types';
import type { JournalContext } from './context';

// Twin in SQL: md.apply_withdrawal_event / md.apply_invoice_event (storage/pg/migrations/001-core-webhooks.ts),
// checked by test/integration/team/pg-rules.test.ts.
const SETTLEMENT_BY_EVENT: Record<WithdrawalEvent, Settlement> = {
  'withdrawal.in_progress': 'processing',
  'withdrawal.success': 'completed',
  'withdrawal.failed': 'failed',
};

const INVOICE_STATUS_BY_EVENT: Record<InvoiceEvent, string> = {
  'invoice.paid': 'paid',
  'invoice.expired': 'expired',
  'aml.rejected.invoice': 'aml_rejected',
};

const FINAL_SETTLEMENTS: readonly (string | null)[] = ['completed', 'failed'];
const FINAL_INVOICE_STATUSES: readonly (string | null)[] = ['paid', 'expired', 'aml_rejected'];

function alreadyApplied(db: Database, key: string): number | undefined {
  return (
    db.prepare('SELECT entry_id FROM applied_webhooks WHERE key = ?').get(key) as
      { entry_id: number } | undefined
  )?.entry_id;
}

/** Writes the webhook into the entry's hash-chained history and remembers its key, changed or not. */
/**
 * Moves the entry's `column` to the event's value when `changed`, then records the webhook in the
 * chain either way (an ignored delivery is evidence too) and marks its key applied. The column is one
 * of two fixed names, never taken from input.
 */
function recordWebhook(
  ctx: JournalContext,
  row: EntryRow,
  column: 'settlement' | 'invoice_status',
  webhook: {
    event: string;
    key: string;
    from: string | null;
    to: string | null;
    changed: boolean;
    ignored: string;
    payload: unknown;
  },
): ApplyResult {
  const at = ctx.now();
  if (webhook.changed) {
    ctx.db
      .prepare(`UPDATE entries SET ${column} = ?, updated_at = ? WHERE id = ?`)
      .run(webhook.to, at, row.id);
  }
  const seq = appendEvent(ctx.db, row.id, 'webhook', at, {
    event: webhook.event,
    key: webhook.key,
    from: webhook.from,
    to: webhook.changed ? webhook.to : webhook.from,
    ignored: webhook.changed ? null : webhook.ignored,
    payload: JSON.parse(toStoredJson(webhook.payload) ?? 'null') as unknown,
  });
  ctx.db
    .prepare('INSERT INTO applied_webhooks (key, entry_id, event_seq) VALUES (?, ?, ?)')
    .run(webhook.key, row.id, seq);
  return { applied: true, entryId: row.id, changed: webhook.changed };
}

/**
 * Applies a *verified* withdrawal webhook (verification is the caller's job). Duplicate deliveries
 * are no-ops; a first final status (completed/failed) is never overwritten by a late or conflicting
 * event, which is still recorded so a person can see it.
 */
export function applyWithdrawalEvent(
  ctx: JournalContext,
  withdrawalId: string,
  event: WithdrawalEvent,
  payload: unknown,
  profileId?: string,
): ApplyResult {
  if (!WITHDRAWAL_EVENTS.includes(event))
    throw new JournalError('invalid', `Unknown withdrawal event ${String(event)}.`);
  if (typeof withdrawalId !== 'string' || withdrawalId.trim() === '')
    throw new JournalError('invalid', 'withdrawalId is required.');
  return ctx.write(() => {
    // Withdrawal ids are unique per merchant account: with a profile given, only its entries match.
    const row = (
      profileId === undefined
        ? ctx.db
            .prepare(
              "SELECT * FROM entries WHERE withdrawal_id = ? AND operation = 'createWithdrawal' ORDER BY id DESC",
            )
            .get(withdrawalId)
        : ctx.db
            .prepare(
              "SELECT * FROM entries WHERE withdrawal_id = ? AND profile_id = ? AND operation = 'createWithdrawal'",
            )
            .get(withdrawalId, profileId)
    ) as EntryRow | undefined;
    // An unknown withdrawal has no id yet: the caller matches it and resolves it with this webhook as evidence.
    if (!row) return { applied: false, reason: 'no-entry' };
    const key = `withdrawal:${row.id}:${event}`;
    if (alreadyApplied(ctx.db, key) !== undefined)
      return { applied: false, reason: 'duplicate', entryId: row.id };
    if (row.state !== 'accepted' && row.state !== 'resolved-performed')
      return { applied: false, reason: 'contradicts-resolution', entryId: row.id };
    const target = SETTLEMENT_BY_EVENT[event];
    const changed = !FINAL_SETTLEMENTS.includes(row.settlement) && row.settlement !== target;
    const ignored = 'settlement already final or unchanged';
    const webhook = { event, key, from: row.settlement, to: target, changed, ignored, payload };
    return recordWebhook(ctx, row, 'settlement', webhook);
  });
}

export interface InvoiceRefInput {
  profileId: string;
  invoiceId?: string;
  invoiceCode?: string;
  orderId?: string;
}

/** Applies a *verified* invoice webhook to the createInvoice entry it belongs to (by id, code, then order_id). */
export function applyInvoiceEvent(
  ctx: JournalContext,
  ref: InvoiceRefInput,
  event: InvoiceEvent,
  payload: unknown,
): ApplyResult {
  if (!INVOICE_EVENTS.includes(event))
    throw new JournalError('invalid', `Unknown invoice event ${String(event)}.`);
  if (!ref.invoiceId && !ref.invoiceCode && !ref.orderId)
    throw new JournalError('invalid', 'An invoice id, code or order_id is required.');
  return ctx.write(() => {
    const row = findInvoice(ctx.db, ref);
    if (!row) return { applied: false, reason: 'no-entry' };
    if (row.state === 'unknown') return { applied: false, reason: 'entry-unknown', entryId: row.id };
    if (row.state !== 'accepted' && row.state !== 'resolved-performed') {
      return { applied: false, reason: 'contradicts-resolution', entryId: row.id };
    }
    const key = `invoice:${row.id}:${event}`;
    if (alreadyApplied(ctx.db, key) !== undefined)
      return { applied: false, reason: 'duplicate', entryId: row.id };
    const target = INVOICE_STATUS_BY_EVENT[event];
    const changed = !FINAL_INVOICE_STATUSES.includes(row.invoice_status);
    const ignored = 'invoice status already final';
    const webhook = { event, key, from: row.invoice_status, to: target, changed, ignored, payload };
    return recordWebhook(ctx, row, 'invoice_status', webhook);
  });
}

function findInvoice(db: Database, ref: InvoiceRefInput): EntryRow | undefined {
  const base = "SELECT * FROM entries WHERE operation = 'createInvoice' AND profile_id = ?";
  const by = (column: string, value: string | undefined) =>
    value
      ? (db.prepare(`${base} AND ${column} = ? ORDER BY id DESC LIMIT 1`).get(ref.profileId, value) as
          EntryRow | undefined)
      : undefined;
  // order_id is unique per merchant, but a rejected attempt may share it: prefer the one that exists.
  const byOrder = ref.orderId
    ? (db
        .prepare(
          `${base} AND order_id = ? ORDER BY CASE WHEN state IN ('accepted', 'resolved-performed') THEN 0 WHEN state = 'unknown' THEN 1 ELSE 2 END, id DESC LIMIT 1`,
        )
        .get(ref.profileId, ref.orderId) as EntryRow | undefined)
    : undefined;
  return by('invoice_id', ref.invoiceId) ?? by('invoice_code', ref.invoiceCode) ?? byOrder;
}
