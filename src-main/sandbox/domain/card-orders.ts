import { isAtLeast } from '@shared/money/exact';
import { iso } from '../clock';
import { ControlError, type SandboxContext } from '../context';
import { newId } from '../state';
import type { CardOrderRecord, InvoiceRecord } from '../types';
import { remainingUsd } from './invoice-math';
import { isOpen, payInvoice, selectCoin } from './invoices';

export const CARD_MIN_USD = '15.00';
export const CARD_PROVIDER = 'sandbox-card';
const ORDER_LIFETIME_MS = 30 * 60 * 1000;
/** The payout the provider makes to the service after a card payment (service-owned, not a request field). */
const PAYOUT = { coin: 'usdt', network: 'tron' };

export const LOCAL_STATUSES = [
  'created',
  'redirect_pending',
  'provider_pending',
  'payout_tx_pending',
  'payout_seen',
  'paid',
  'failed',
  'expired',
  'blocked_missing_payout_tx_hash',
  'payout_timeout',
  'wrong_destination',
  'wrong_network',
  'wrong_asset',
  'amount_mismatch',
  'duplicate_payout',
] as const;

const ACTIVE = new Set([
  'created',
  'redirect_pending',
  'provider_pending',
  'payout_tx_pending',
  'payout_seen',
]);

export type CardRefusal = { failureCode: string; message: string };

/** Why checkout is not offered, or null when it is. */
export function cardRefusal(ctx: SandboxContext, inv: InvoiceRecord): CardRefusal | null {
  if (!inv.allowCardPayments)
    return {
      failureCode: 'card_payments_disabled',
      message: 'Card payments are not enabled for this invoice',
    };
  if (!isOpen(inv)) return { failureCode: 'invoice_not_payable', message: `The invoice is ${inv.status}` };
  if (!isAtLeast(remainingUsd(inv), CARD_MIN_USD))
    return {
      failureCode: 'amount_below_minimum',
      message: `Card checkout needs at least ${CARD_MIN_USD} USD due`,
    };
  if (!ctx.state.settings.cardProviderAvailable)
    return { failureCode: 'provider_unavailable', message: 'The card provider is not available right now' };
  return null;
}

export function activeOrder(ctx: SandboxContext, code: string): CardOrderRecord | undefined {
  const now = ctx.clock.now();
  return Object.values(ctx.state.cardOrders).find(
    (o) => o.invoiceCode === code && ACTIVE.has(o.localStatus) && o.expiresAt > now,
  );
}

export function createCardOrder(
  ctx: SandboxContext,
  inv: InvoiceRecord,
  email: string | null,
): CardOrderRecord {
  const now = ctx.clock.now();
  const order: CardOrderRecord = {
    id: newId(ctx.state, ctx.rng, 'cko'),
    invoiceCode: inv.code,
    provider: CARD_PROVIDER,
    localStatus: 'created',
    email,
    createdAt: now,
    expiresAt: now + ORDER_LIFETIME_MS,
  };
  ctx.state.cardOrders[order.id] = order;
  return order;
}

export function cardOrderView(ctx: SandboxContext, order: CardOrderRecord): Record<string, unknown> {
  return {
    id: order.id,
    provider: order.provider,
    local_status: order.localStatus,
    expires_at: iso(order.expiresAt),
    invoice_code: order.invoiceCode,
    email: order.email,
    redirect_url: `${ctx.baseUrl()}/card-checkout/${order.id}`,
    created_at: iso(order.createdAt),
  };
}

/** Control: move an order; "paid" settles the invoice with the provider's payout. */
export function setCardOrderStatus(ctx: SandboxContext, id: string, status: string): CardOrderRecord {
  const order = ctx.state.cardOrders[id];
  if (!order) throw new ControlError(404, `Card order ${id} not found`);
  if (!(LOCAL_STATUSES as readonly string[]).includes(status))
    throw new ControlError(400, `Unknown local_status ${status}`);
  const inv = ctx.state.invoices[order.invoiceCode];
  if (status === 'paid' && inv && isOpen(inv)) {
    if (inv.coin === null) selectCoin(ctx, inv, PAYOUT.coin, PAYOUT.network);
    payInvoice(ctx, inv, {});
  }
  order.localStatus = status;
  return order;
}

export function expireCardOrders(ctx: SandboxContext, now: number): boolean {
  let changed = false;
  for (const order of Object.values(ctx.state.cardOrders)) {
    if (ACTIVE.has(order.localStatus) && order.expiresAt <= now) {
      order.localStatus = 'expired';
      changed = true;
    }
  }
  return changed;
}
