import {
  addDecimal,
  isAtLeast,
  isDecimalString,
  isZero,
  subtractDecimal,
  compareDecimal,
} from '@shared/money/exact';
import { iso } from '../clock';
import { ControlError, type SandboxContext } from '../context';
import { findPair } from '../market-data';
import { priceOf } from '../market';
import { credit, newAddress, newId, newTxHash, pairKey } from '../state';
import type { InvoiceRecord } from '../types';
import { invoiceAmounts, merchantNet } from './invoice-math';

export const INVOICE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const OPEN = new Set(['new', 'waiting', 'partial']);

export function isOpen(inv: InvoiceRecord): boolean {
  return OPEN.has(inv.status);
}

export function findInvoice(ctx: SandboxContext, code: string): InvoiceRecord {
  const inv = ctx.state.invoices[code];
  if (!inv) throw new ControlError(404, `Invoice ${code} not found`);
  return inv;
}

/** The payer picks a coin and network: the rate is frozen and a deposit address assigned. */
export function selectCoin(ctx: SandboxContext, inv: InvoiceRecord, coin: string, network: string): void {
  if (!isOpen(inv)) throw new ControlError(409, `Invoice ${inv.code} is ${inv.status}`);
  const pair = findPair(coin, network);
  if (!pair || !pair.net.depositEnabled)
    throw new ControlError(400, `Deposits are not available for ${coin} on ${network}`);
  if (inv.allowedCoins && !inv.allowedCoins.includes(coin))
    throw new ControlError(400, `${coin} is not allowed for this invoice`);
  if (inv.coin === coin && inv.network === network) return;
  if (inv.status === 'partial') throw new ControlError(409, 'A partially paid invoice cannot change coin');
  const walletId = newId(ctx.state, ctx.rng, 'wal');
  const address = newAddress(ctx.rng, network);
  const now = ctx.clock.now();
  ctx.state.wallets[walletId] = {
    id: walletId,
    merchantId: inv.merchantId,
    coin,
    network,
    address,
    type: 'invoice',
    label: `invoice ${inv.code}`,
    webhookUrl: null,
    status: 'active',
    readyAt: now,
    createdAt: now,
  };
  Object.assign(inv, {
    coin,
    network,
    rate: priceOf(ctx.state, coin),
    walletId,
    walletAddress: address,
    status: 'waiting',
  });
}

function invoiceEventData(ctx: SandboxContext, inv: InvoiceRecord): Record<string, unknown> {
  const a = invoiceAmounts(inv);
  return {
    invoice_id: inv.id,
    code: inv.code,
    order_id: inv.orderId,
    status: inv.status,
    amount_usd: inv.amountUsd,
    payed_usd: a.payedUsd,
    coin: inv.coin,
    network: inv.network,
    amount_crypto: a.amountCrypto,
    payed_crypto: inv.payedCrypto,
    credited_crypto: inv.credited,
    transaction_list: [...inv.transactions],
    finished_at: inv.finishedAt === null ? null : iso(inv.finishedAt),
  };
}

function finish(ctx: SandboxContext, inv: InvoiceRecord, status: 'paid' | 'expired' | 'aml_rejected'): void {
  inv.status = status;
  inv.finishedAt = ctx.clock.now();
  // Money that arrived is the merchant's unless AML holds it; an AML-rejected deposit is never credited.
  if (status !== 'aml_rejected' && inv.coin && inv.network && !isZero(inv.payedCrypto)) {
    inv.credited = merchantNet(inv);
    const merchant = ctx.state.merchants[inv.merchantId];
    if (merchant) credit(merchant, pairKey(inv.coin, inv.network), inv.credited);
  }
  const event =
    status === 'paid' ? 'invoice.paid' : status === 'expired' ? 'invoice.expired' : 'aml.rejected.invoice';
  ctx.emit({ merchantId: inv.merchantId, event, data: invoiceEventData(ctx, inv) });
}

export interface PayInput {
  amount?: string;
  coin?: string;
  network?: string;
  txHash?: string;
}

/** A deposit arrives on the invoice address; without an amount it pays exactly what is still due. */
export function payInvoice(ctx: SandboxContext, inv: InvoiceRecord, input: PayInput): InvoiceRecord {
  if (!isOpen(inv)) throw new ControlError(409, `Invoice ${inv.code} is ${inv.status}`);
  const coin = input.coin ?? inv.coin;
  const network = input.network ?? inv.network;
  if (!coin || !network)
    throw new ControlError(
      400,
      `The payer of invoice ${inv.code} has not chosen a coin and network yet: choose the pair the payer pays with (or choose on its checkout page)`,
    );
  selectCoin(ctx, inv, coin, network);
  const due = subtractDecimal(invoiceAmounts(inv).payerAmountCrypto, inv.payedCrypto);
  const amount = input.amount ?? (compareDecimal(due, '0') > 0 ? due : '0');
  if (!isDecimalString(amount) || isZero(amount))
    throw new ControlError(400, 'amount must be a positive decimal string');
  inv.payedCrypto = addDecimal(inv.payedCrypto, amount);
  inv.transactions.push(input.txHash ?? newTxHash(ctx.rng, network));
  if (isAtLeast(inv.payedCrypto, invoiceAmounts(inv).payerAmountCrypto)) finish(ctx, inv, 'paid');
  else inv.status = 'partial';
  return inv;
}

export function expireInvoice(ctx: SandboxContext, inv: InvoiceRecord): InvoiceRecord {
  if (!isOpen(inv)) throw new ControlError(409, `Invoice ${inv.code} is ${inv.status}`);
  finish(ctx, inv, 'expired');
  return inv;
}

export function amlRejectInvoice(ctx: SandboxContext, inv: InvoiceRecord): InvoiceRecord {
  if (!isOpen(inv)) throw new ControlError(409, `Invoice ${inv.code} is ${inv.status}`);
  finish(ctx, inv, 'aml_rejected');
  return inv;
}

/** Clock-driven expiry; returns whether anything changed. */
export function expireDueInvoices(ctx: SandboxContext, now: number): boolean {
  let changed = false;
  for (const inv of Object.values(ctx.state.invoices)) {
    if (isOpen(inv) && inv.expiredAt <= now) {
      finish(ctx, inv, 'expired');
      changed = true;
    }
  }
  return changed;
}
