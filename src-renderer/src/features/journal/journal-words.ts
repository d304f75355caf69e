import type { JournalEntry, JournalEventView } from '@contract';
import type { BadgeTone } from '../../components/Badge';
import { formatDecimal } from '@shared/money/display';
import { formatZonedDateTime, formatZonedDateTimeToSecond } from '../../lib/zoned-time';
import { formatCount } from '../../lib/humanize';

type State = JournalEntry['state'];
type Operation = JournalEntry['operation'];

/** Plain finance words first (UX rule 11): what was done, not the API's operation name. */
export const OPERATION_WORDS: Record<Operation, string> = {
  createInvoice: 'Invoice',
  createWithdrawal: 'Withdrawal',
  createWalletAddress: 'Wallet',
  createProviderCardOrder: 'Card checkout',
};

/** One colour key for states, always with the word (UX rule 7). Unknown is amber, never red. */
export const STATE_WORDS: Record<State, { text: string; tone: BadgeTone }> = {
  sending: { text: 'Sending', tone: 'info' },
  accepted: { text: 'Done', tone: 'good' },
  rejected: { text: 'Refused', tone: 'bad' },
  unknown: { text: 'Unknown', tone: 'unknown' },
  'resolved-performed': { text: 'Resolved: done', tone: 'good' },
  'resolved-not-performed': { text: 'Resolved: not done', tone: 'neutral' },
};

/** What an accepted write is called where "Done" would mislead: a created invoice is not done (issue 25). */
const ACCEPTED_WORDS: Partial<Record<Operation, string>> = { createInvoice: 'Created' };

/** An entry's state in words: the colour key of STATE_WORDS, with the act named where it matters. */
export function stateWordsOf(entry: Pick<JournalEntry, 'state' | 'operation'>): {
  text: string;
  tone: BadgeTone;
} {
  const words = STATE_WORDS[entry.state];
  const verb = ACCEPTED_WORDS[entry.operation];
  if (!verb) return words;
  if (entry.state === 'accepted') return { ...words, text: verb };
  if (entry.state === 'resolved-performed') return { ...words, text: `Resolved: ${verb.toLowerCase()}` };
  return words;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The reference a person looks a row up by: an order id, a withdrawal id, an address. */
export function referenceOf(entry: JournalEntry): string {
  const f = entry.fields;
  const ids = entry.externalIds;
  const response = (entry.response ?? {}) as Record<string, unknown>;
  return (
    text(f.orderId) ??
    text(ids.withdrawalId) ??
    text(response.address) ??
    text(f.toAddress) ??
    text(ids.invoiceCode) ??
    text(ids.walletId) ??
    text(ids.cardOrderId) ??
    '—'
  );
}

/** What a pinned row is called: its reference, or its pair when it has none yet (a lost wallet). */
export function pinnedName(entry: JournalEntry, names: ReadonlyMap<string, string>): string {
  const reference = referenceOf(entry);
  if (reference !== '—') return reference;
  const coin = text(entry.fields.coin);
  const network = text(entry.fields.network);
  return coin && network ? `${coin.toUpperCase()} · ${names.get(network) ?? network}` : 'no reference yet';
}

/** The unit of an entry's amount: invoices are priced in USD, the rest are in coin units. */
export function amountUnit(entry: JournalEntry): string | null {
  if (entry.operation === 'createInvoice') return 'USD';
  const coin = text(entry.fields.coin);
  return coin ? coin.toUpperCase() : null;
}

const detailOf = (event: JournalEventView) => (event.detail ?? {}) as Record<string, unknown>;

const SETTLED: Record<string, string> = {
  accepted: 'The service answered: done.',
  rejected: 'The service answered: refused. Nothing was done.',
  unknown: 'No readable answer arrived: the outcome is unknown.',
};

/**
 * How a movement was valued (issue 29), kept beside it in the chain: the rate as the service wrote it,
 * and where and when it came from (UX rule 1), or why there is none.
 */
function rateWords(d: Record<string, unknown>): { title: string; detail: string | null } {
  const asset = String(d.asset);
  if (!text(d.rate)) return { title: `Not valued in USD (${String(d.movement)}).`, detail: text(d.missing) };
  const seconds = Math.round(Number(d.staleMs) / 1000);
  return {
    title: `Valued: 1 ${asset} = ${formatDecimal(String(d.rate))} USD (${String(d.movement)}).`,
    detail: `From the service's rates (${String(d.source)}) of ${formatZonedDateTime(String(d.ratesAt))}, ${seconds} s old${d.stale === true ? ', the rates feed was stale' : ''}.`,
  };
}

/** One line per event of the entry's chained history, in words: what happened, by whom and why. */
export function eventWords(event: JournalEventView): { title: string; detail: string | null } {
  if (event.damaged) return { title: 'This event cannot be read.', detail: 'Run “Verify chain” to see why.' };
  const d = detailOf(event);
  switch (event.type) {
    case 'begin': {
      const override = (d.override as { reason?: unknown } | null)?.reason;
      return {
        title: 'Recorded, then sent to the service.',
        detail: text(override) ? `Sent despite a similar unfinished withdrawal: ${String(override)}` : null,
      };
    }
    case 'settle':
      return { title: SETTLED[String(d.to)] ?? `Answered: ${String(d.to)}.`, detail: null };
    case 'recovered':
      return { title: 'Marked unknown when Merchant Desk started again.', detail: text(d.reason) };
    case 'webhook': {
      const changed = d.ignored === null || d.ignored === undefined;
      return {
        title: `Verified webhook received: ${String(d.event)}.`,
        detail: changed
          ? `Changed ${String(d.from ?? 'nothing')} to ${String(d.to)}.`
          : `Kept: ${String(d.ignored)}.`,
      };
    }
    case 'resolve': {
      const done = d.to === 'resolved-performed' ? 'done' : 'not done';
      const who =
        d.by === 'evidence' ? 'by evidence' : `by ${text(d.person) ?? 'a person (name not recorded)'}`;
      return { title: `Resolved as ${done} ${who}.`, detail: text(d.reason) };
    }
    case 'match':
      return { title: `Matched to withdrawal ${String(d.withdrawalId)}.`, detail: text(d.reason) };
    case 'rate':
      return rateWords(d);
    default:
      return { title: `Recorded: ${event.type}.`, detail: null };
  }
}

/** A moment to the second with its zone, for the history: events a second apart must read apart. */
export const timeToSecond = (iso: string): string => formatZonedDateTimeToSecond(iso);

/** A hash shortened for reading, both ends kept: "3fa9c2…e1d0". */
export const shortHash = (hash: string) =>
  hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;

/** A count as shown: "more than 1,100" when main stopped counting there (the team ledger's pages). */
export const countWords = (n: number, capped: boolean): string =>
  capped ? `more than ${formatCount(n)}` : formatCount(n);
