import { compareDecimal, fitsDecimals, isZero } from '@shared/money/exact';
import { createWithdrawal, quoteWithdrawal, withdrawalView } from '../domain/withdrawals';
import { controllerError, malformedJson, ok, validationError, type Reply } from '../http-util';
import { findPair } from '../market-data';
import { availableOf, balanceOf, pairKey } from '../state';
import { Fields } from '../validation';
import { bodyValue, merchantOf, type Route, type RouteRequest } from './types';

const ADDRESS: Record<string, RegExp> = {
  bitcoin: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ton: /^[EU]Q[A-Za-z0-9_-]{46}$/,
};
const EVM = /^0x[0-9a-fA-F]{40}$/;

export function isAddressFor(network: string, address: string): boolean {
  return (ADDRESS[network] ?? EVM).test(address);
}

function handle(req: RouteRequest): Reply {
  if (req.body.kind === 'malformed') return malformedJson();
  const merchant = merchantOf(req);
  const f = new Fields(bodyValue(req));
  const network = f.code('network', { required: true });
  const coin = f.code('coin', { required: true });
  const amount = f.decimal('amount', { required: true });
  const toAddress = f.string('to_address', { required: true, max: 128 });
  const pair = coin && network ? findPair(coin, network) : undefined;
  if (coin && network && !pair) f.fail('network', `The pair ${coin}/${network} is not available.`);
  if (amount !== null && isZero(amount)) f.fail('amount', 'The amount must be greater than 0.');
  if (pair && amount !== null && !fitsDecimals(amount, pair.net.decimals))
    f.fail(
      'amount',
      `The amount must have at most ${pair.net.decimals} decimal places on ${pair.net.network}.`,
    );
  if (network && toAddress !== null && !isAddressFor(network, toAddress))
    f.fail('to_address', `The to_address is not a valid ${network} address.`);
  if (!f.ok || !pair || !coin || !network || amount === null || toAddress === null)
    return validationError(f.errors);

  if (!merchant.allowWithdrawals)
    return controllerError(400, 'Withdrawals are not allowed for this merchant.');
  const { net } = pair;
  if (!net.withdrawEnabled)
    return controllerError(400, `Withdrawals of ${coin} on ${network} are currently disabled.`);
  if (net.minWithdrawal && compareDecimal(amount, net.minWithdrawal) < 0)
    return controllerError(400, `The minimum withdrawal for ${coin} on ${network} is ${net.minWithdrawal}.`, {
      min_withdrawal: net.minWithdrawal,
    });
  if (net.maxWithdrawal && compareDecimal(amount, net.maxWithdrawal) > 0)
    return controllerError(400, `The maximum withdrawal for ${coin} on ${network} is ${net.maxWithdrawal}.`, {
      max_withdrawal: net.maxWithdrawal,
    });
  const quote = quoteWithdrawal(merchant, net, amount);
  if (compareDecimal(quote.receive, '0') <= 0)
    return controllerError(
      400,
      `The amount does not cover the fees (${quote.networkFee} network + ${quote.serviceFee} service).`,
    );
  const available = availableOf(balanceOf(merchant, pairKey(coin, network)));
  if (compareDecimal(available, quote.debit) < 0) {
    return controllerError(
      400,
      `Insufficient balance: ${quote.debit} ${coin} on ${network} needed (amount plus fees), ${available} available.`,
      { required: quote.debit, available, network_fee: quote.networkFee, service_fee: quote.serviceFee },
    );
  }
  const record = createWithdrawal(req.ctx, merchant, { coin, network, amount, toAddress }, quote);
  const view = withdrawalView(record);
  return ok({
    withdrawal_id: view.withdrawal_id,
    status: view.status,
    amounts: view.amounts,
    fees: view.fees,
    coin,
    network,
    to_address: toAddress,
    created_at: view.created_at,
  });
}

export const withdrawalRoutes: Route[] = [
  {
    name: 'createWithdrawal',
    method: 'POST',
    pattern: /^\/v1\/withdrawals$/,
    auth: { timestampRequired: true },
    handle,
  },
];
