import type { JournalEntry } from '@contract';
import { formatDecimal } from '@shared/money/display';
import { compareDecimal, isDecimalString, percentOf, subtractDecimal } from '@shared/money/exact';
import { formatClock } from '../../lib/time';
import { entryFacts, liveState, sameAddress, STATE_WORDS } from './withdrawal-words';

/** How long a finished send to the same address still counts as "just sent" (a person's retry window). */
export const RECENT_MS = 60 * 60 * 1000;
/** Amounts this close (in percent of the larger) read as the same payment typed again. */
const NEAR_PERCENT = '1';

/** Still on its way, or its outcome is not known: it may yet pay the address. */
const OPEN = new Set(['sending', 'unknown', 'pending', 'processing']);

export interface DraftTarget {
  coin: string;
  network: string;
  address: string;
}

/**
 * Earlier withdrawals of the same coin and network to the same address that a second one could
 * repeat: every open one (it may still pay), and any other made within the last hour that did not
 * fail or was not refused. Newest first.
 */
export function earlierSends(
  entries: readonly JournalEntry[] | null,
  target: DraftTarget,
  now: number,
): JournalEntry[] {
  if (!entries || !target.address) return [];
  return entries
    .filter((e) => {
      const f = entryFacts(e);
      if (f.coin.toLowerCase() !== target.coin.toLowerCase()) return false;
      if (f.network.toLowerCase() !== target.network.toLowerCase()) return false;
      if (!sameAddress(f.address.trim(), target.address.trim())) return false;
      const state = liveState(e);
      if (OPEN.has(state)) return true;
      return state === 'completed' && now - Date.parse(e.createdAt) <= RECENT_MS;
    })
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Whether two amounts differ by at most 1 % of the larger (100 and 100.01 do; 100 and 150 do not). */
export function nearAmount(a: string, b: string): boolean {
  if (!isDecimalString(a) || !isDecimalString(b)) return false;
  const [low, high] = compareDecimal(a, b) <= 0 ? [a, b] : [b, a];
  return compareDecimal(subtractDecimal(high, low), percentOf(high, NEAR_PERCENT)) <= 0;
}

/** "100 USDT at 10:41 (Processing)": an earlier send as the person would recognise it. */
export function describeSend(entry: JournalEntry): string {
  const f = entryFacts(entry);
  const state = STATE_WORDS[liveState(entry)].text.replace(/^\? /, '');
  return `${formatDecimal(f.amount ?? '0')} ${f.coin.toUpperCase()} at ${formatClock(entry.createdAt)} (${state})`;
}

/** The review's warnings about paying twice or paying oneself; decided from the journal and wallets main lists. */
export function nearDuplicateWarnings(
  entries: readonly JournalEntry[] | null,
  ownAddresses: readonly string[],
  request: DraftTarget & { amount: string },
  now: number,
): string[] {
  const out: string[] = [];
  const near = earlierSends(entries, request, now).filter((e) =>
    nearAmount(entryFacts(e).amount ?? '', request.amount),
  );
  for (const e of near)
    out.push(
      `${describeSend(e)} already went to this address. Is this ${formatDecimal(request.amount)} ${request.coin.toUpperCase()} the same payment? Check the earlier one in the list below before sending.`,
    );
  if (ownAddresses.some((a) => sameAddress(a.trim(), request.address.trim())))
    out.push(
      'This is one of your own deposit addresses (a wallet created for this profile): the coins would come back to your balance, less the fees. Check the recipient’s address.',
    );
  return out;
}

/** A request as sent (the wire's field names). */
type Sent = { coin: string; network: string; amount: string; to_address: string };

const isTwin = (entry: JournalEntry, sent: Sent) => {
  const f = entryFacts(entry);
  return (
    f.coin.toLowerCase() === sent.coin.toLowerCase() &&
    f.network.toLowerCase() === sent.network.toLowerCase() &&
    sameAddress(f.address.trim(), sent.to_address.trim()) &&
    f.amount !== null &&
    isDecimalString(f.amount) &&
    isDecimalString(sent.amount) &&
    compareDecimal(f.amount, sent.amount) === 0
  );
};

/**
 * The pushed entry is an identical withdrawal that has now settled, and no other identical one in the
 * list is unfinished: the journal would no longer refuse (it is asked again on the next send anyway).
 */
export function settledTwin(entry: JournalEntry, sent: Sent, entries: readonly JournalEntry[]): boolean {
  if (!isTwin(entry, sent) || OPEN.has(liveState(entry))) return false;
  return !entries.some((e) => isTwin(e, sent) && OPEN.has(liveState(e)));
}
