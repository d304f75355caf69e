import { readFeeSettings, withdrawalFeeTerms } from '@shared/domain/fee-settings';
import type { WithdrawalBody } from '@shared/domain/operations';
import { quoteWithdrawal, type Quote, type WithdrawalFeePayer } from '@shared/money/withdrawal-quote';
import type { ProfileScope } from './profile-scope';

/** A withdrawal's fees as main's confirmation states them, by the rule the withdrawal form uses. */
export interface WithdrawalFees {
  quote: Quote;
  /** Null when the fee settings name no payer the desk recognises: then nothing is assumed. */
  payer: WithdrawalFeePayer | null;
  /** The service percentage used, and whether it is the merchant's own or only the public catalog's. */
  percent: string | null;
  percentSource: 'settings' | 'catalog' | null;
}

/**
 * The fees of this withdrawal from the service's own figures: the merchant's fee settings (read now:
 * who pays, the withdrawal percentage) and the pair's network fee and precision from the catalog the
 * rates poller holds. Null when neither says anything about the pair; a failed read of the settings
 * leaves the catalog's figures with the payer unknown.
 */
export async function withdrawalFees(
  scope: Pick<ProfileScope, 'read' | 'rates'>,
  body: WithdrawalBody,
): Promise<WithdrawalFees | null> {
  const pair = scope.rates
    .snapshot()
    .rows.flatMap((row) => row.pairs)
    .find((p) => p.coin.toLowerCase() === body.coin && p.network.toLowerCase() === body.network);
  // Before the poller's first tick (just after a switch) the pair's figures come from one read now.
  const figures = pair ?? (await ratesPair(scope, body));
  const settings = await scope.read((s) => s.client.getMerchantFees()).catch(() => null);
  const terms = withdrawalFeeTerms(readFeeSettings(settings));
  const percent = terms.percent ?? pair?.serviceFeePercent ?? null;
  if (!figures && percent === null) return null;
  const quote = quoteWithdrawal(body.amount, {
    decimals: figures?.decimals ?? null,
    networkFee: figures?.networkFee ?? null,
    percent,
    payer: terms.payer,
  });
  if (!quote) return null;
  return {
    quote,
    payer: terms.payer,
    percent,
    percentSource: terms.percent ? 'settings' : percent ? 'catalog' : null,
  };
}

/** The pair's network fee and precision from the service's rates, read now; null when unknown. */
async function ratesPair(
  scope: Pick<ProfileScope, 'read'>,
  body: WithdrawalBody,
): Promise<{ decimals: number | null; networkFee: string | null } | null> {
  const rates = await scope.read((s) => s.client.getCoinRates()).catch(() => null);
  const network = rates
    ?.find((r) => r.coin.symbol.toLowerCase() === body.coin)
    ?.networks.find((n) => n.network.toLowerCase() === body.network);
  return network ? { decimals: network.decimals, networkFee: network.network_fee } : null;
}
