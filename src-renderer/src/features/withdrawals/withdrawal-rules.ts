import type { AssetPair } from '@contract';
import { DECIMAL_STRING } from '@shared/money/rules';
import { checkAddress } from '@shared/domain/address';
import { CreateWithdrawalInput } from '@shared/domain/operations';
import { zodFieldErrors } from '@shared/field-errors';
import { compareDecimal, formatDecimal } from '@shared/money/display';
import type { RateView } from '../../stores/rate-view';
import type { Quote } from '@shared/money/withdrawal-quote';

/** A pair open for withdrawals right now, with the limits the form enforces. */
export interface WithdrawalPair {
  /** "usdt:tron": the option value. */
  key: string;
  coin: string;
  network: string;
  /** "USDT · TRON (TRC-20)" */
  label: string;
  /** "TRON (TRC-20)", or the code in capitals when the catalog gives no name. */
  networkName: string;
  pair: AssetPair;
  /** The coin's USD price from the same rates snapshot, or null. */
  usdPrice: string | null;
}

/**
 * Withdrawals enabled in the live rates (the catalog alone does not say), by coin then network name.
 * A pair whose flag is unknown (null) is left out: the service would refuse it.
 */
export function withdrawalPairs(rows: readonly RateView[]): WithdrawalPair[] {
  return rows
    .flatMap((row) =>
      row.pairs.filter((p) => p.withdrawEnabled === true).map((p) => ({ pair: p, usdPrice: row.usdPrice })),
    )
    .map(({ pair, usdPrice }) => {
      const networkName = pair.networkName ?? pair.network.toUpperCase();
      return {
        key: `${pair.coin}:${pair.network}`,
        coin: pair.coin,
        network: pair.network,
        label: `${pair.coin.toUpperCase()} · ${networkName}`,
        networkName,
        pair,
        usdPrice,
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

const places = (value: string) => (value.includes('.') ? value.length - value.indexOf('.') - 1 : 0);

/**
 * What is wrong with the amount, checked on every keystroke against the pair's own rules and the
 * balance; null when nothing is (an empty amount is only reported when the person asks to review).
 */
export function amountProblem(
  amount: string,
  choice: WithdrawalPair | undefined,
  quote: Quote | null,
  available: string | null,
): string | null {
  const value = amount.trim();
  if (value === '') return null;
  if (!DECIMAL_STRING.test(value))
    return 'Enter digits with a dot for decimals, such as 12.5 (no commas, spaces or signs).';
  if (compareDecimal(value, '0') <= 0) return 'Enter an amount above zero.';
  if (!choice) return null;
  const coin = choice.coin.toUpperCase();
  const { decimals, minWithdrawal, maxWithdrawal } = choice.pair;
  if (decimals !== null && places(value) > decimals)
    return decimals === 0
      ? `${choice.label} takes whole numbers only.`
      : `${choice.label} takes at most ${decimals} digits after the dot.`;
  if (minWithdrawal && compareDecimal(value, minWithdrawal) < 0)
    return `The minimum for ${choice.label} is ${formatDecimal(minWithdrawal)} ${coin}.`;
  if (maxWithdrawal && compareDecimal(value, maxWithdrawal) > 0)
    return `The maximum for one withdrawal on ${choice.networkName} is ${formatDecimal(maxWithdrawal)} ${coin}.`;
  if (quote && compareDecimal(quote.receive, '0') <= 0)
    return `The fees (${formatDecimal(quote.fees)} ${coin}) take the whole amount: the recipient would receive nothing.`;
  if (quote && available !== null && compareDecimal(quote.debit, available) > 0)
    return `More than is available: with fees this takes ${formatDecimal(quote.debit)} ${coin}; ${formatDecimal(available)} ${coin} is available.`;
  return null;
}

export type AddressVerdict = ReturnType<typeof checkAddress> | { status: 'empty' };

export function addressVerdict(network: string | undefined, address: string): AddressVerdict {
  if (address === '' || !network) return { status: 'empty' };
  return checkAddress(network, address);
}

const FIELD_LABEL: Record<string, string> = {
  coin: 'Coin and network',
  network: 'Coin and network',
  amount: 'Amount',
  to_address: 'Recipient address',
};

/**
 * The one schema main checks (CreateWithdrawalInput), run here before the review so a request main
 * would refuse never reaches it; each problem keyed by the form's field.
 */
export function schemaProblems(input: unknown): Partial<Record<'pair' | 'amount' | 'address', string>> {
  const parsed = CreateWithdrawalInput.safeParse(input);
  if (parsed.success) return {};
  const out: Partial<Record<'pair' | 'amount' | 'address', string>> = {};
  for (const [path, messages] of Object.entries(zodFieldErrors(parsed.error))) {
    const field = path === 'amount' ? 'amount' : path === 'to_address' ? 'address' : 'pair';
    out[field] ??= `${FIELD_LABEL[path] ?? 'The request'} ${messages[0] ?? 'is not valid'}.`.replace(
      /\.\.$/,
      '.',
    );
  }
  return out;
}
