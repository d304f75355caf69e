import { Amount } from '../../components/Money';
import { formatDecimal, formatUsd } from '@shared/money/display';
import { formatPrice } from '../../lib/price-format';
import { formatClock } from '../../lib/time';
import type { WithdrawalFeePayer } from '@shared/domain/fee-settings';
import type { WithdrawalFigures } from './use-withdrawal-figures';
import type { WithdrawalPair } from './withdrawal-rules';

/** "Fee payer" in words, where it matters (UX rule 11). */
export function payerWords(payer: WithdrawalFeePayer | null): string {
  if (payer === 'merchant')
    return 'You pay the fees: they are taken from your balance on top of the amount, and the recipient receives the full amount.';
  if (payer === 'recipient')
    return 'The recipient pays the fees: they come out of the amount, so the recipient receives less than it.';
  return 'Who pays the fees could not be read from your fee settings: figures assume the worst case for each side.';
}

/** The pair's rules, under its picker: "Minimum 10 USDT · maximum 1,000 USDT · up to 6 decimals". */
export function PairLimits({ choice }: { choice: WithdrawalPair }) {
  const coin = choice.coin.toUpperCase();
  const { minWithdrawal, maxWithdrawal, decimals, networkFee } = choice.pair;
  const parts = [
    minWithdrawal ? `Minimum ${formatDecimal(minWithdrawal)} ${coin}` : 'No minimum stated',
    maxWithdrawal ? `maximum ${formatDecimal(maxWithdrawal)} ${coin}` : 'no maximum stated',
    decimals === null ? 'decimals not stated' : `up to ${decimals} decimals`,
    networkFee ? `network fee ${formatDecimal(networkFee)} ${coin}` : 'network fee not stated',
  ];
  return <span data-testid="withdrawal-limits">{parts.join(' · ')}.</span>;
}

/** Under the amount: its USD value with the rate and its time, the balance, and "max" under the fee payer. */
export function AmountHelp({ figures, onMax }: { figures: WithdrawalFigures; onMax: (max: string) => void }) {
  const { choice, usd, rateAt, available, balancesKnown, balancesError, max, payer } = figures;
  if (!choice) return <span>Choose the coin and network first; the amount is in that coin, not in USD.</span>;
  const coin = choice.coin.toUpperCase();
  return (
    <>
      <span className="withdrawal-help__line" data-testid="withdrawal-usd">
        {usd !== null && choice.usdPrice ? (
          <>
            ≈ {formatUsd(usd)} (estimate at 1 {coin} = {formatPrice(choice.usdPrice)}, rate as of{' '}
            {formatClock(rateAt)})
          </>
        ) : choice.usdPrice ? (
          `The amount is in ${coin}. Its USD value is shown as you type.`
        ) : (
          `No USD rate for ${coin} right now: the amount is in ${coin}.`
        )}
      </span>
      <span className="withdrawal-help__line" data-testid="withdrawal-available">
        {available !== null ? (
          <>
            Available: <Amount value={available} unit={coin} network={choice.networkName} />
          </>
        ) : balancesError ? (
          'The available balance could not be read; it is checked again when you send.'
        ) : balancesKnown ? (
          `No available balance reported for ${choice.label}.`
        ) : (
          'Reading the available balance…'
        )}
      </span>
      {max !== null ? (
        <span className="withdrawal-help__line">
          <button
            type="button"
            className="button withdrawal-help__max"
            onClick={() => onMax(max)}
            data-testid="withdrawal-max"
          >
            Use max: {formatDecimal(max)} {coin}
          </button>{' '}
          {payer === 'recipient' ? 'the whole available balance.' : 'what is left after the fees.'}
        </span>
      ) : (
        available !== null && (
          <span className="withdrawal-help__line">
            The available balance does not cover the minimum with fees.
          </span>
        )
      )}
      <span className="withdrawal-help__line">{payerWords(payer)}</span>
    </>
  );
}
