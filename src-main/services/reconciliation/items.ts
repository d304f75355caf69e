import type { OpenItem } from '@shared/domain/reconciliation';
import { COVERAGE_TOLERANCE_MINUTES } from '@shared/recon-coverage';
import type { JournalEntry } from '../../storage/port';
import type { ReviewRow } from '../../storage/port/recon-store';
import { PENDING_REASON, type AssetLine } from './compute';

/** A parked delivery as an item: `key` is its own (one delivery), `ref` what tells it apart. */
export interface ParkedItem {
  key: string;
  event: string | null;
  ref: ItemRef;
}
type ItemRef = NonNullable<OpenItem['ref']>;

export interface ItemSources {
  lines: readonly AssetLine[];
  /** The profile's entries whose outcome is not known. */
  unknown: readonly JournalEntry[];
  /** The profile's withdrawals accepted and not yet completed or failed. */
  inFlight: readonly JournalEntry[];
  /** Verified deliveries of the profile that match no entry and moved no amount we can read. */
  parked: readonly ParkedItem[];
  /** Deliveries received in the period that were not verified. */
  rejected: number;
  reviews: readonly ReviewRow[];
}

const pair = (coin: string | null, network: string | null) =>
  `${(coin ?? '?').toUpperCase()} · ${network ?? '?'}`;
const entryRef = (e: JournalEntry): ItemRef => ({ orderId: e.orderId, eventId: null, at: e.createdAt });
const capital = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);
const signed = (v: string) => (v.startsWith('-') ? v : `+${v}`);

/**
 * What stops a clean close, one item per cause. Reviewing an item records a note; it clears the item
 * only where the note is the answer (outside activity acknowledged, rejected deliveries explained).
 * An unknown or in-flight entry and a non-zero difference stay exceptions until the facts change.
 */
export function openItems(src: ItemSources): OpenItem[] {
  const review = new Map(src.reviews.map((r) => [r.item_key, { note: r.note, by: r.by_name, at: r.at }]));
  const item = (
    key: string,
    kind: OpenItem['kind'],
    title: string,
    detail: string,
    entryId: number | null,
    clearedByReview: boolean,
    ref: ItemRef | null = null,
  ): OpenItem => {
    const reviewed = review.get(key) ?? null;
    return {
      key,
      kind,
      title,
      detail,
      entryId,
      ref,
      review: reviewed,
      blocking: !(clearedByReview && reviewed),
    };
  };
  const items: OpenItem[] = [];
  for (const line of src.lines) {
    const unit = pair(line.coin, line.network);
    // A stretch nobody observed: the figures say nothing about it, whatever the difference is.
    // A review note records what a person checked but does not clear it (close with exceptions).
    if (line.gaps.length > 0)
      items.push(
        item(
          `coverage:${line.coin}:${line.network}`,
          'coverage-gap',
          `${capital(line.gaps.map((g) => g.words).join('; '))} (${unit})`,
          `The desk kept no balance within ${COVERAGE_TOLERANCE_MINUTES} minutes of the period's ${line.gaps.map((g) => g.bound).join(' and ')}, so changes in that stretch were not observed and cannot be reconciled.`,
          null,
          false,
        ),
      );
    const gapWords = new Set(line.gaps.map((g) => g.words));
    const other = line.reasons.filter((r) => !gapWords.has(r) && r !== PENDING_REASON);
    if (other.length === 0) continue;
    const detail =
      line.difference === null
        ? `No balance snapshot to compare with for ${unit}.`
        : `Observed ${signed(line.observed ?? '0')} ${unit}, expected ${signed(line.expected)}: difference ${signed(line.difference)} ${line.coin.toUpperCase()}.`;
    items.push(
      item(
        `difference:${line.coin}:${line.network}`,
        'difference',
        `Unexplained change in ${unit}`,
        detail,
        null,
        false,
      ),
    );
  }
  for (const line of src.lines)
    for (const m of [...line.pending, ...line.counted.filter((c) => c.outside)])
      items.push(
        item(
          m.key,
          'outside-activity',
          `Made outside this desk: ${m.kind.replace('-', ' ')} ${signed(m.effect)} ${pair(m.coin, m.network)}`,
          'A verified webhook reports it, but this desk made no such request. Acknowledge it to count it in the expected change.',
          m.entryId,
          true,
          { orderId: null, eventId: null, at: m.at },
        ),
      );
  for (const d of src.parked)
    items.push(
      item(
        d.key,
        'outside-activity',
        `Verified webhook with no journal entry (${d.event ?? 'no event name'})`,
        'It matches no request this desk made, and carries no amount the desk can count.',
        null,
        true,
        d.ref,
      ),
    );
  for (const e of src.unknown)
    items.push(
      item(
        `unknown:${e.id}`,
        'unknown-entry',
        `Outcome unknown: ${e.operation === 'createWithdrawal' ? 'withdrawal' : 'request'} #${e.id} ${e.amount ?? ''} ${pair(e.coin, e.network)}`,
        'We do not know whether the service performed it. Resolve it in the Journal (by its webhook or a named person).',
        e.id,
        false,
        entryRef(e),
      ),
    );
  for (const e of src.inFlight)
    items.push(
      item(
        `in-flight:${e.id}`,
        'withdrawal-in-flight',
        `Withdrawal #${e.id} still ${e.settlement ?? 'pending'}: ${e.amount ?? ''} ${pair(e.coin, e.network)}`,
        'Its amount is frozen, not debited; it settles when its completed or failed webhook arrives.',
        e.id,
        false,
        entryRef(e),
      ),
    );
  if (src.rejected > 0)
    items.push(
      item(
        'rejected:period',
        'rejected-deliveries',
        `${src.rejected} webhook deliver${src.rejected === 1 ? 'y' : 'ies'} rejected in this period`,
        "Not verified with this profile's key, so nothing was applied. Say what they were (see Webhooks).",
        null,
        true,
      ),
    );
  return items;
}

/** The exceptions a close must list: every blocking item, in words (a difference with its amounts). */
export function exceptionsOf(items: readonly OpenItem[]): string[] {
  return items.filter((i) => i.blocking).map((i) => (i.kind === 'difference' ? i.detail : i.title));
}
