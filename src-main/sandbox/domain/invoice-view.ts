import { iso } from '../clock';
import { findCoin, visiblePairs } from '../market-data';
import type { SandboxContext } from '../context';
import type { InvoiceRecord } from '../types';
import { invoiceAmounts, toUnits, remainingUsd } from './invoice-math';
import { CARD_MIN_USD, CARD_PROVIDER } from './card-orders';
import { isAtLeast } from '@shared/money/exact';

export function checkoutUrl(ctx: SandboxContext, code: string): string {
  return `${ctx.baseUrl()}/checkout/${code}`;
}

export function qrUrl(ctx: SandboxContext, walletId: string): string {
  return `${ctx.baseUrl()}/v1/wallet-addresses/${walletId}/qr`;
}

function allowedPairs(inv: InvoiceRecord) {
  return visiblePairs().filter(
    (p) => p.net.depositEnabled && (inv.allowedCoins === null || inv.allowedCoins.includes(p.coin.symbol)),
  );
}

/** The full Invoice object of the spec's table: every field present, nullable ones as null. */
export function invoiceView(ctx: SandboxContext, inv: InvoiceRecord): Record<string, unknown> {
  const a = invoiceAmounts(inv);
  const chosen = inv.coin !== null;
  const units = (v: string): string | null => (chosen ? toUnits(v, a.decimals) : null);
  const pairs = allowedPairs(inv);
  const coins = [...new Set(pairs.map((p) => p.coin.symbol))];
  const cardOpen = inv.allowCardPayments && isAtLeast(remainingUsd(inv), CARD_MIN_USD);
  return {
    id: inv.id,
    code: inv.code,
    url: checkoutUrl(ctx, inv.code),
    order_id: inv.orderId,
    merchant_name: ctx.state.merchants[inv.merchantId]?.name ?? '',
    amount_usd: inv.amountUsd,
    payed_usd: a.payedUsd,
    payer_amount_usd: a.payerAmountUsd,
    full_amount_usd: a.fullAmountUsd,
    amount_crypto: a.amountCrypto,
    payed_crypto: inv.payedCrypto,
    fee_crypto: a.feeCrypto,
    network_fee_crypto: a.networkFeeCrypto,
    payer_amount_crypto: a.payerAmountCrypto,
    amount_crypto_units: units(a.amountCrypto),
    payed_crypto_units: units(inv.payedCrypto),
    fee_crypto_units: units(a.feeCrypto),
    network_fee_crypto_units: units(a.networkFeeCrypto),
    payer_amount_crypto_units: units(a.payerAmountCrypto),
    is_customer_fee: inv.isCustomerFee,
    is_customer_network_fee: inv.isCustomerNetworkFee,
    allow_card_payments: inv.allowCardPayments,
    full_crypto_amount: chosen ? a.fullCrypto : null,
    wallet_address: inv.walletAddress,
    qr_code_url: inv.walletId ? qrUrl(ctx, inv.walletId) : null,
    coin: inv.coin,
    network: inv.network,
    status: inv.status,
    return_url: null,
    success_url: inv.successUrl,
    cancel_url: inv.cancelUrl,
    transaction_list: [...inv.transactions],
    allowed_coins: coins.map((symbol) => ({ coin: symbol, name: findCoin(symbol)?.name ?? symbol })),
    allowed_networks: Object.fromEntries(
      coins.map((symbol) => [
        symbol,
        pairs
          .filter((p) => p.coin.symbol === symbol)
          .map((p) => ({
            network: p.net.network,
            name: p.net.name,
            min_deposit: p.net.minDeposit,
            decimals: p.net.decimals,
          })),
      ]),
    ),
    provider_card: { available: cardOpen, provider: CARD_PROVIDER, min_amount_usd: CARD_MIN_USD },
    created_at: iso(inv.createdAt),
    expired_at: iso(inv.expiredAt),
    finished_at: inv.finishedAt === null ? null : iso(inv.finishedAt),
  };
}

export function networkFeesView(inv: InvoiceRecord): unknown[] {
  return allowedPairs(inv).map((p) => ({
    coin: p.coin.symbol,
    network: p.net.network,
    network_fee: p.net.networkFee,
  }));
}
