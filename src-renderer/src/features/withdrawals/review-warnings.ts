import type { JournalEntry } from '@contract';
import { formatDecimal } from '@shared/money/display';
import { formatClock } from '../../lib/time';
import type { WithdrawalFigures } from './use-withdrawal-figures';
import { nearDuplicateWarnings } from './near-duplicates';
import { isOverHalf } from './withdrawal-math';
import type { AddressVerdict } from './withdrawal-rules';
import { usedBefore } from './withdrawal-words';

/**
 * What a person should weigh before confirming, in words: none of these blocks (the blocks are the
 * form's rules), each names the risk and what to check.
 */
export function reviewWarnings(
  figures: WithdrawalFigures,
  address: string,
  verdict: AddressVerdict,
  entries: readonly JournalEntry[] | null,
  ownAddresses: readonly string[],
  amount: string,
  now: number,
): string[] {
  const out: string[] = [];
  const { choice, quote, available, payer, percentSource } = figures;
  if (!choice) return out;
  const coin = choice.coin.toUpperCase();
  // Paying twice or paying oneself first: they cost the whole amount.
  out.push(
    ...nearDuplicateWarnings(
      entries,
      ownAddresses,
      { coin: choice.coin, network: choice.network, address, amount },
      now,
    ),
  );
  if (entries && !usedBefore(address, entries))
    out.push(
      'This desk has never sent to this address. Confirm it with the recipient through a second channel (a call, not the same e-mail).',
    );
  if (quote && available !== null && isOverHalf(quote.debit, available))
    out.push(
      `This takes more than half of the available ${coin} on ${choice.networkName} (${formatDecimal(quote.debit)} of ${formatDecimal(available)} ${coin}).`,
    );
  if (available === null)
    out.push('The available balance could not be read, so it was not checked against this amount.');
  if (verdict.status === 'unchecked') out.push(verdict.reason);
  if (verdict.status === 'valid') out.push(...verdict.warnings);
  if (figures.ratesStale)
    out.push(
      `Rates and the pair’s limits have not been refreshed since ${formatClock(figures.rateAt)}: the USD value and the limits may be out of date, and the service may refuse.`,
    );
  const { pair } = choice;
  if (!pair.inCatalog)
    out.push(
      `${choice.label} is not in the service’s public catalog right now: check the network with the recipient.`,
    );
  if (pair.decimals === null || pair.minWithdrawal === null)
    out.push(
      `The service does not state the ${pair.decimals === null ? 'decimals' : 'minimum'} for ${choice.label}: it may still refuse the amount.`,
    );
  if (quote?.unknownParts.length)
    out.push(
      `The ${quote.unknownParts.join(' and ')} for ${choice.label} is not known: the fees shown may be too low.`,
    );
  if (percentSource === 'catalog')
    out.push(
      'Your own withdrawal fee could not be read; the service fee shown uses the public catalog’s rate.',
    );
  if (payer === null)
    out.push(
      'Who pays the fees could not be read: the recipient may receive less than the amount, and your balance may be charged more.',
    );
  return out;
}
