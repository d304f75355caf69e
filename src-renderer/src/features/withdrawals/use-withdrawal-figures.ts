import { useMemo } from 'react';
import { readFeeSettings, withdrawalFeeTerms, type WithdrawalFeePayer } from '@shared/domain/fee-settings';
import { useProfileRates } from '../../stores/use-profile-rates';
import { useRatesStore } from '../../stores/rates-store';
import { quoteWithdrawal, type FeeInputs, type Quote } from '@shared/money/withdrawal-quote';
import { maxAmount, multiply } from './withdrawal-math';
import { withdrawalPairs, type WithdrawalPair } from './withdrawal-rules';
import { useWithdrawalsStore, type Draft } from './withdrawals-store';

export interface WithdrawalFigures {
  pairs: WithdrawalPair[];
  choice: WithdrawalPair | undefined;
  /** The pair's available balance; null while unknown (balances not read, or no row for the pair). */
  available: string | null;
  balancesKnown: boolean;
  /** The balances read failed (the service will still refuse a withdrawal it cannot cover). */
  balancesError: boolean;
  payer: WithdrawalFeePayer | null;
  /** Where the service percentage came from: the merchant's own settings, or only the public catalog. */
  percentSource: 'settings' | 'catalog' | null;
  fees: FeeInputs | null;
  quote: Quote | null;
  max: string | null;
  /** amount × the coin's USD price, exact; null without a price. */
  usd: string | null;
  /** The time of the price used, for "rate as of". */
  rateAt: string | null;
  /** The rates (and so the pair's limits) have not been refreshed lately. */
  ratesStale: boolean;
}

/** Everything the form and the review compute from the draft, the live rates, balances and fees. */
export function useWithdrawalFigures(draft: Draft): WithdrawalFigures {
  // Another profile's catalog and prices never offer a pair or an estimate here.
  const rows = useProfileRates(useWithdrawalsStore((s) => s.profileId));
  const rateAt = useRatesStore((s) => s.lastTickAt);
  const ratesStale = useRatesStore((s) => s.stale || s.feedError !== null);
  const balances = useWithdrawalsStore((s) => s.balances);
  const feesView = useWithdrawalsStore((s) => s.fees);
  const balancesError = useWithdrawalsStore((s) => s.balancesError !== null);
  const pairs = useMemo(() => withdrawalPairs(rows), [rows]);
  const terms = useMemo(() => withdrawalFeeTerms(readFeeSettings(feesView?.fees)), [feesView]);
  const choice = pairs.find((p) => p.key === draft.pairKey);

  return useMemo(() => {
    const row = choice
      ? balances?.rows.find(
          (r) => r.coin.toLowerCase() === choice.coin && r.network.toLowerCase() === choice.network,
        )
      : undefined;
    const available = row?.available ?? null;
    const percent = terms.percent ?? choice?.pair.serviceFeePercent ?? null;
    const fees: FeeInputs | null = choice
      ? { decimals: choice.pair.decimals, networkFee: choice.pair.networkFee, percent, payer: terms.payer }
      : null;
    const amount = draft.amount.trim();
    const quote = fees && amount ? quoteWithdrawal(amount, fees) : null;
    const max =
      fees && choice
        ? maxAmount({
            ...fees,
            available,
            minWithdrawal: choice.pair.minWithdrawal,
            maxWithdrawal: choice.pair.maxWithdrawal,
          })
        : null;
    return {
      pairs,
      choice,
      available,
      balancesKnown: balances !== null,
      balancesError,
      payer: terms.payer,
      percentSource: terms.percent ? 'settings' : percent ? 'catalog' : null,
      fees,
      quote,
      max,
      usd: choice && amount ? multiply(amount, choice.usdPrice) : null,
      rateAt,
      ratesStale,
    };
  }, [pairs, choice, balances, balancesError, terms, draft.amount, rateAt, ratesStale]);
}
