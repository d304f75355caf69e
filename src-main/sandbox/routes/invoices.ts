import { isAtLeast } from '@shared/money/exact';
import { iso } from '../clock';
import { INVOICE_LIFETIME_MS, selectCoin } from '../domain/invoices';
import { invoiceAmounts } from '../domain/invoice-math';
import { checkoutUrl, invoiceView, networkFeesView } from '../domain/invoice-view';
import { controllerError, malformedJson, ok, validationError, type Reply } from '../http-util';
import { findCoin, findPair } from '../market-data';
import { newId, newInvoiceCode } from '../state';
import type { InvoiceRecord } from '../types';
import { Fields } from '../validation';
import { bodyValue, merchantOf, type Route, type RouteRequest } from './types';

const MIN_INVOICE_USD = '3';

function readAllowedCoins(f: Fields): string[] | null {
  const value = f.input.allowed_coins;
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) {
    f.fail('allowed_coins', 'The allowed_coins field must be an array of coin codes.');
    return null;
  }
  const coins: string[] = [];
  value.forEach((item: unknown, i) => {
    if (typeof item !== 'string' || item.length === 0) {
      f.fail(`allowed_coins.${i}`, 'Each allowed coin must be a coin code string.');
    } else if (item.includes(':')) {
      f.fail(
        `allowed_coins.${i}`,
        `allowed_coins holds coin codes only, not coin:network pairs ("${item}").`,
      );
    } else if (!findCoin(item)?.networks.some((n) => !n.hidden && n.depositEnabled)) {
      f.fail(`allowed_coins.${i}`, `The coin "${item}" is not available.`);
    } else {
      coins.push(item);
    }
  });
  // An empty list means "every available coin", same as null.
  return coins.length === 0 ? null : [...new Set(coins)];
}

function createInvoice(req: RouteRequest): Reply {
  if (req.body.kind === 'malformed') return malformedJson();
  const merchant = merchantOf(req);
  const f = new Fields(bodyValue(req));
  const orderId = f.string('order_id', { required: true, max: 255 });
  const amount = f.decimal('amount', { required: true });
  if (amount !== null && !isAtLeast(amount, MIN_INVOICE_USD))
    f.fail('amount', `The amount must be at least ${MIN_INVOICE_USD}.`);
  const isCustomerFee = f.boolean('is_customer_fee', false);
  const isCustomerNetworkFee = f.boolean('is_customer_network_fee', false);
  const allowCard = f.boolean('allow_card_payments', false);
  const successUrl = f.url('success_url');
  const cancelUrl = f.url('cancel_url');
  const allowedCoins = readAllowedCoins(f);
  const coin = f.code('coin');
  const network = f.code('network');
  if (f.has('coin') && !f.has('network'))
    f.fail('network', 'The network field is required when coin is present.');
  if (f.has('network') && !f.has('coin'))
    f.fail('coin', 'The coin field is required when network is present.');
  if (coin && network) {
    const pair = findPair(coin, network);
    if (!pair || !pair.net.depositEnabled)
      f.fail('network', `The pair ${coin}/${network} is not available for payments.`);
    else if (allowedCoins && !allowedCoins.includes(coin))
      f.fail('coin', 'The coin must be one of allowed_coins.');
  }
  if (!f.ok || orderId === null || amount === null) return validationError(f.errors);

  const { state } = req.ctx;
  const duplicate = Object.values(state.invoices).some(
    (i) => i.merchantId === merchant.id && i.orderId === orderId,
  );
  if (duplicate) return controllerError(409, `An invoice with order_id "${orderId}" already exists.`);

  const now = req.ctx.clock.now();
  const inv: InvoiceRecord = {
    id: newId(state, req.ctx.rng, 'inv'),
    code: newInvoiceCode(state, req.ctx.rng),
    merchantId: merchant.id,
    orderId,
    amountUsd: amount,
    isCustomerFee,
    isCustomerNetworkFee,
    allowCardPayments: allowCard,
    successUrl,
    cancelUrl,
    allowedCoins,
    coin: null,
    network: null,
    rate: null,
    walletId: null,
    walletAddress: null,
    status: 'new',
    payedCrypto: '0',
    transactions: [],
    createdAt: now,
    expiredAt: now + INVOICE_LIFETIME_MS,
    finishedAt: null,
    credited: null,
  };
  state.invoices[inv.code] = inv;
  // A merchant-fixed pair skips the payer's choice: the invoice waits for payment right away.
  if (coin && network) selectCoin(req.ctx, inv, coin, network);
  return ok({
    id: inv.id,
    order_id: inv.orderId,
    url: checkoutUrl(req.ctx, inv.code),
    code: inv.code,
    amount: inv.amountUsd,
    payer_amount: invoiceAmounts(inv).payerAmountUsd,
    expired_at: iso(inv.expiredAt),
    created_at: iso(inv.createdAt),
  });
}

function getInvoice(req: RouteRequest): Reply {
  const inv = req.ctx.state.invoices[req.params[0] ?? ''];
  if (!inv) return controllerError(404, 'Invoice not found');
  return ok({ invoice: invoiceView(req.ctx, inv), network_fees: networkFeesView(inv) });
}

export const invoiceRoutes: Route[] = [
  {
    name: 'createInvoice',
    method: 'POST',
    pattern: /^\/v1\/invoices$/,
    auth: { timestampRequired: false },
    handle: createInvoice,
  },
  { name: 'getInvoice', method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, auth: null, handle: getInvoice },
];
