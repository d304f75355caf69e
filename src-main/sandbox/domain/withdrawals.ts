import { addDecimal, compareDecimal, percentOf, roundDown, subtractDecimal } from '@shared/money/exact';
import { iso } from '../clock';
import { ControlError, type SandboxContext } from '../context';
import type { NetworkDef } from '../market-data';
import { balanceOf, newId, newTxHash, pairKey } from '../state';
import type { MerchantRecord, WithdrawalRecord } from '../types';

export const WITHDRAWAL_FEE_PERCENT = '0.5';
/** Clock time from acceptance to processing, and from processing to completion. */
export const PENDING_MS = 5_000;
export const PROCESSING_MS = 30_000;

export interface WithdrawalQuote {
  networkFee: string;
  serviceFee: string;
  debit: string;
  receive: string;
}

export function quoteWithdrawal(merchant: MerchantRecord, net: NetworkDef, amount: string): WithdrawalQuote {
  const networkFee = net.networkFee ?? '0';
  const serviceFee = roundDown(percentOf(amount, WITHDRAWAL_FEE_PERCENT), net.decimals);
  const fees = addDecimal(networkFee, serviceFee);
  return merchant.withdrawalFeePayer === 'merchant'
    ? { networkFee, serviceFee, debit: addDecimal(amount, fees), receive: amount }
    : { networkFee, serviceFee, debit: amount, receive: subtractDecimal(amount, fees) };
}

export function createWithdrawal(
  ctx: SandboxContext,
  merchant: MerchantRecord,
  input: { coin: string; network: string; amount: string; toAddress: string },
  quote: WithdrawalQuote,
): WithdrawalRecord {
  const now = ctx.clock.now();
  const record: WithdrawalRecord = {
    id: newId(ctx.state, ctx.rng, 'wd'),
    merchantId: merchant.id,
    coin: input.coin,
    network: input.network,
    amount: input.amount,
    toAddress: input.toAddress,
    networkFee: quote.networkFee,
    serviceFee: quote.serviceFee,
    serviceFeePercent: WITHDRAWAL_FEE_PERCENT,
    feePayer: merchant.withdrawalFeePayer,
    debit: quote.debit,
    receive: quote.receive,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    nextAt: now + PENDING_MS,
    txHash: null,
    failureReason: null,
  };
  // Frozen until the outcome: debited on completion, released on failure.
  const bal = balanceOf(merchant, pairKey(input.coin, input.network));
  bal.frozen = addDecimal(bal.frozen, quote.debit);
  ctx.state.withdrawals[record.id] = record;
  return record;
}

export function withdrawalView(w: WithdrawalRecord): Record<string, unknown> {
  return {
    withdrawal_id: w.id,
    status: w.status,
    coin: w.coin,
    network: w.network,
    to_address: w.toAddress,
    amounts: { requested: w.amount, debit: w.debit, receive: w.receive },
    fees: {
      network_fee: w.networkFee,
      service_fee: w.serviceFee,
      service_fee_percent: w.serviceFeePercent,
      total: addDecimal(w.networkFee, w.serviceFee),
      payer: w.feePayer,
    },
    tx_hash: w.txHash,
    failure_reason: w.failureReason,
    created_at: iso(w.createdAt),
    updated_at: iso(w.updatedAt),
  };
}

function emit(ctx: SandboxContext, w: WithdrawalRecord, event: string): void {
  ctx.emit({
    merchantId: w.merchantId,
    event,
    data: withdrawalView(w),
    idempotencyKey: `withdrawal:${w.id}:${event}`,
  });
}

function toProcessing(ctx: SandboxContext, w: WithdrawalRecord, now: number): void {
  w.status = 'processing';
  w.updatedAt = now;
  w.nextAt = now + PROCESSING_MS;
  emit(ctx, w, 'withdrawal.in_progress');
}

function settle(
  ctx: SandboxContext,
  w: WithdrawalRecord,
  outcome: 'completed' | 'failed',
  reason: string | null,
): void {
  const now = ctx.clock.now();
  if (w.status === 'pending') toProcessing(ctx, w, now);
  const merchant = ctx.state.merchants[w.merchantId];
  if (merchant) {
    const bal = balanceOf(merchant, pairKey(w.coin, w.network));
    bal.frozen = subtractDecimal(bal.frozen, w.debit);
    if (compareDecimal(bal.frozen, '0') < 0) bal.frozen = '0';
    if (outcome === 'completed') bal.balance = subtractDecimal(bal.balance, w.debit);
  }
  w.status = outcome;
  w.updatedAt = now;
  w.nextAt = null;
  if (outcome === 'completed') w.txHash = newTxHash(ctx.rng, w.network);
  else w.failureReason = reason ?? 'Rejected by the network';
  emit(ctx, w, outcome === 'completed' ? 'withdrawal.success' : 'withdrawal.failed');
}

export function findWithdrawal(ctx: SandboxContext, id: string): WithdrawalRecord {
  const w = ctx.state.withdrawals[id];
  if (!w) throw new ControlError(404, `Withdrawal ${id} not found`);
  return w;
}

export function completeWithdrawal(ctx: SandboxContext, id: string): WithdrawalRecord {
  const w = findWithdrawal(ctx, id);
  if (w.status === 'completed' || w.status === 'failed')
    throw new ControlError(409, `Withdrawal ${id} is ${w.status}`);
  settle(ctx, w, 'completed', null);
  return w;
}

export function failWithdrawal(ctx: SandboxContext, id: string, reason?: string): WithdrawalRecord {
  const w = findWithdrawal(ctx, id);
  if (w.status === 'completed' || w.status === 'failed')
    throw new ControlError(409, `Withdrawal ${id} is ${w.status}`);
  settle(ctx, w, 'failed', reason ?? null);
  return w;
}

/** Clock-driven progress: pending → processing → completed. */
export function advanceWithdrawals(ctx: SandboxContext, now: number): boolean {
  let changed = false;
  for (const w of Object.values(ctx.state.withdrawals)) {
    if (w.nextAt === null || w.nextAt > now) continue;
    changed = true;
    if (w.status === 'pending') toProcessing(ctx, w, w.nextAt);
    if (w.status === 'processing' && w.nextAt !== null && w.nextAt <= now) settle(ctx, w, 'completed', null);
  }
  return changed;
}
