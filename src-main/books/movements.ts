import { isDecimalString, isZero, subtractDecimal, addDecimal, multiplyDecimal } from '@shared/money/exact';
import { roundDecimal } from '@shared/money/display';
import { RATE_EVENT, RateRecordSchema, type RateRecord } from '../storage/port/rate-record';
import type { DepositEvent } from '../storage/port/deposit-record';
import type { JournalEntry, JournalEvent } from '../storage/port/types';
import type { BookMovement, MovementKind } from './movement-types';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const amount = (v: unknown): string | null => (isDecimalString(v) && !isZero(v) ? v : null);
/** The record in an answer or webhook body: `data`, or `data.invoice`, or the body itself. */
const record = (body: unknown): Obj => {
  const data = obj(obj(body).data);
  return Object.keys(obj(data.invoice)).length
    ? obj(data.invoice)
    : Object.keys(data).length
      ? data
      : obj(body);
};

/** The rate recorded for `movement` after event `seq` (the valuer writes it right after). */
function rateFor(events: readonly JournalEvent[], seq: number, movement: string): RateRecord | null {
  for (const e of events) {
    if (e.seq <= seq || e.type !== RATE_EVENT) continue;
    const parsed = RateRecordSchema.safeParse(e.detail);
    if (parsed.success && parsed.data.movement === movement) return parsed.data;
  }
  return null;
}

interface Part {
  kind: MovementKind;
  direction: 'in' | 'out';
  amount: string;
}

/** Withdrawal rows from the accepted answer: the amount that left net of its fee, and the fee. */
function withdrawalParts(entry: JournalEntry): Part[] {
  const answer = record(entry.response);
  const requested = entry.amount && isDecimalString(entry.amount) ? entry.amount : null;
  const debit = amount(obj(answer.amounts).debit);
  const fee = amount(obj(answer.fees).total);
  if (debit && fee && isDecimalString(subtractDecimal(debit, fee))) {
    const sent = subtractDecimal(debit, fee);
    return [
      ...(amount(sent) ? [{ kind: 'withdrawal' as const, direction: 'out' as const, amount: sent }] : []),
      { kind: 'withdrawal-fee', direction: 'out', amount: fee },
    ];
  }
  // The answer's amounts and fees are not shown by the spec: without them, the amount requested.
  return requested ? [{ kind: 'withdrawal', direction: 'out', amount: requested }] : [];
}

/** Invoice rows from the paid event: what the payer paid, and the fees taken from it. */
function invoiceParts(payload: unknown): Part[] {
  const inv = record(payload);
  const paid = amount(inv.payed_crypto);
  if (!paid) return [];
  const named = [amount(inv.fee_crypto), amount(inv.network_fee_crypto)].filter((v) => v !== null);
  const credited = amount(inv.credited_crypto);
  const fee = named.length
    ? addDecimal(...named)
    : credited && isDecimalString(subtractDecimal(paid, credited))
      ? subtractDecimal(paid, credited)
      : null;
  return [
    { kind: 'invoice-payment', direction: 'in', amount: paid },
    ...(fee && amount(fee) ? [{ kind: 'invoice-fee' as const, direction: 'out' as const, amount: fee }] : []),
  ];
}

const RETURNED: Partial<Record<MovementKind, MovementKind>> = {
  withdrawal: 'withdrawal-returned',
  'withdrawal-fee': 'withdrawal-fee-returned',
};

/**
 * Every movement an entry's chain records, oldest first: a withdrawal leaves when the service accepts
 * it (or when a person or evidence resolves an unknown one as performed) and comes back, fee and all,
 * if it fails; an invoice's coins arrive when it is paid. Give it the events up to the period's end.
 */
export function movementsOf(entry: JournalEntry, events: readonly JournalEvent[]): BookMovement[] {
  const out: BookMovement[] = [];
  const base = { entryId: entry.id, orderId: entry.orderId };
  const success = events.find((e) => e.type === 'webhook' && obj(e.detail).event === 'withdrawal.success');
  const txHash = text(record(obj(success?.detail).payload).tx_hash);
  const push = (e: JournalEvent, movement: string, parts: Part[], extra: Partial<BookMovement>) =>
    parts.forEach((p, i) => {
      const rate = rateFor(events, e.seq, movement);
      const value = rate?.rate ? roundDecimal(multiplyDecimal(p.amount, rate.rate), 2) : null;
      out.push({
        ...base,
        id: `md-${entry.id}-${e.seq}-${i + 1}`,
        seq: e.seq,
        at: e.at,
        ...p,
        asset: '',
        network: null,
        rate,
        usdValue: value,
        reference: '',
        counterparty: null,
        txHash: null,
        ...extra,
      });
    });
  if (entry.operation === 'createWithdrawal') {
    const parts = withdrawalParts(entry);
    const extra = {
      asset: (entry.coin ?? 'unknown').toUpperCase(),
      network: entry.network,
      reference: entry.withdrawalId ?? entry.orderId ?? `entry ${entry.id}`,
      counterparty: entry.toAddress,
      txHash,
    };
    for (const e of events) {
      const d = obj(e.detail);
      if (
        (e.type === 'settle' && d.to === 'accepted') ||
        (e.type === 'resolve' && d.to === 'resolved-performed')
      )
        push(e, e.type, parts, extra);
      if (e.type === 'webhook' && d.event === 'withdrawal.failed' && d.ignored === null) {
        const back = parts.map((p) => ({ ...p, kind: RETURNED[p.kind]!, direction: 'in' as const }));
        push(e, 'withdrawal.failed', back, { ...extra, txHash: null });
      }
    }
  }
  if (entry.operation === 'createInvoice') {
    for (const e of events) {
      const d = obj(e.detail);
      if (e.type !== 'webhook' || d.event !== 'invoice.paid' || d.ignored !== null) continue;
      const inv = record(d.payload);
      const list = Array.isArray(inv.transaction_list) ? inv.transaction_list : [];
      push(e, 'invoice.paid', invoiceParts(d.payload), {
        asset: (text(inv.coin) ?? 'unknown').toUpperCase(),
        network: text(inv.network),
        reference: entry.invoiceId ?? entry.invoiceCode ?? entry.orderId ?? `entry ${entry.id}`,
        txHash: list.filter((t): t is string => typeof t === 'string').join(' ') || null,
      });
    }
  }
  return out;
}

/**
 * A wallet deposit as a movement of the books: coins in, at the time the desk recorded it (the
 * period rule of every movement), valued by the rate recorded with it. Its id comes from its chain
 * event, which never changes.
 */
export function depositMovement(event: DepositEvent): BookMovement {
  const d = event.deposit;
  return {
    id: `md-deposit-${event.seq}`,
    entryId: null,
    seq: event.seq,
    at: event.at,
    kind: 'wallet-deposit',
    direction: 'in',
    asset: d.coin.toUpperCase(),
    network: d.network,
    amount: d.amount,
    rate: d.rate,
    usdValue: d.rate.rate ? roundDecimal(multiplyDecimal(d.amount, d.rate.rate), 2) : null,
    reference: d.walletId ? `wallet ${d.walletId}` : d.key,
    orderId: null,
    counterparty: null,
    txHash: d.txHash,
  };
}
