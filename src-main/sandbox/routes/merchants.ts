import { addDecimal, multiplyDecimal, roundDown } from '@shared/money/exact';
import { INVOICE_FEE_PERCENT } from '../domain/invoice-math';
import { WITHDRAWAL_FEE_PERCENT } from '../domain/withdrawals';
import { ok, type Reply } from '../http-util';
import { visiblePairs } from '../market-data';
import { priceOf } from '../market';
import { availableOf, pairKey } from '../state';
import { merchantOf, type Route, type RouteRequest } from './types';

export const STATIC_WALLET_FEE_PERCENT = '0.8';

function balances(req: RouteRequest): Reply {
  const merchant = merchantOf(req);
  let total = '0';
  const rows = visiblePairs().map(({ coin, net }) => {
    const record = merchant.balances[pairKey(coin.symbol, net.network)] ?? { balance: '0', frozen: '0' };
    const rate = priceOf(req.ctx.state, coin.symbol);
    const usd = roundDown(multiplyDecimal(record.balance, rate), 2);
    total = addDecimal(total, usd);
    return {
      coin: coin.symbol,
      network: net.network,
      balance: record.balance,
      frozen: record.frozen,
      available: availableOf(record),
      usd_rate: rate,
      usd_value: usd,
    };
  });
  return ok({ balances: rows, total_usd: total });
}

function fees(req: RouteRequest): Reply {
  const merchant = merchantOf(req);
  return ok({
    fees: {
      invoice_percent: INVOICE_FEE_PERCENT,
      withdrawal_percent: WITHDRAWAL_FEE_PERCENT,
      static_wallet_percent: STATIC_WALLET_FEE_PERCENT,
    },
    fee_payer: {
      // Invoice defaults apply when createInvoice omits is_customer_fee / is_customer_network_fee.
      invoice_fee: 'merchant',
      invoice_network_fee: 'merchant',
      withdrawal_fee: merchant.withdrawalFeePayer,
    },
    auto_exchange: { enabled: false, target_coin: 'usdt', target_network: 'tron', percent: '0' },
    network_fees: visiblePairs().map(({ coin, net }) => ({
      coin: coin.symbol,
      network: net.network,
      network_fee: net.networkFee,
      deposit_enabled: net.depositEnabled,
      withdraw_enabled: net.withdrawEnabled,
    })),
  });
}

export const merchantRoutes: Route[] = [
  {
    name: 'getMerchantBalances',
    method: 'GET',
    pattern: /^\/v1\/merchants\/balances$/,
    auth: { timestampRequired: false },
    handle: balances,
  },
  {
    name: 'getMerchantFees',
    method: 'GET',
    pattern: /^\/v1\/merchants\/fees$/,
    auth: { timestampRequired: false },
    handle: fees,
  },
];
