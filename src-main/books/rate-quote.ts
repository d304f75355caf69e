import { RATE_SOURCE, type RateRecord } from '../storage/port/rate-record';
import type { JournalEntry } from '../storage/port/types';
import type { FeedSnapshot } from '../services/rates-poller';

/** What a quote needs of the rates feed: its rows, when its last answer arrived, whether it is stale. */
export type RatesFeed = Pick<FeedSnapshot, 'rows' | 'lastTickAt' | 'stale'>;

/** The movements of an entry that are valued, by the event that records them. */
const VALUED: Record<string, (entry: JournalEntry) => boolean> = {
  // A withdrawal the service accepted leaves the balance (its fee with it).
  settle: (e) => e.operation === 'createWithdrawal' && e.state === 'accepted',
  'withdrawal.success': (e) => e.operation === 'createWithdrawal',
  'withdrawal.failed': (e) => e.operation === 'createWithdrawal',
  'withdrawal.in_progress': (e) => e.operation === 'createWithdrawal',
  // The customer's coins arrive; the invoice was priced in USD, the coin is the payer's choice.
  'invoice.paid': (e) => e.operation === 'createInvoice',
};

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** The asset a paid invoice was paid in, as its webhook names it (spec: the Invoice object's `coin`). */
function paidCoin(payload: unknown): string | undefined {
  const body = (payload ?? {}) as Record<string, unknown>;
  const data = (body.data ?? {}) as Record<string, unknown>;
  const invoice = (data.invoice ?? {}) as Record<string, unknown>;
  return text(invoice.coin) ?? text(data.coin) ?? text(body.coin);
}

/**
 * The asset a movement is in, or undefined when the event is not a valued movement at all (an
 * invoice created, an invoice expired). Null: a movement whose asset is not named anywhere.
 */
export function movementAsset(
  entry: JournalEntry,
  movement: string,
  payload?: unknown,
): string | null | undefined {
  if (!VALUED[movement]?.(entry)) return undefined;
  const coin = entry.operation === 'createInvoice' ? paidCoin(payload) : (entry.coin ?? undefined);
  return coin ? coin.trim().toUpperCase() : null;
}

/**
 * How a movement is valued from the rates feed as it is at `now`: the feed's USD price for the asset,
 * with the time of the answer that gave it and its age. Without a feed, an answer or a price, the
 * record says why and carries no rate; nothing is estimated.
 */
export function quoteRate(
  feed: RatesFeed | null,
  asset: string | null,
  movement: string,
  now: Date,
): RateRecord {
  const base = { movement, asset: asset ?? 'unknown', quote: 'USD' as const, valuedAt: now.toISOString() };
  const none = (missing: string, stale = false): RateRecord => ({
    ...base,
    rate: null,
    source: null,
    ratesAt: null,
    staleMs: null,
    stale,
    missing,
  });
  if (asset === null) return none('the movement does not name its asset');
  if (!feed) return none("this profile's rates were not being read (it was not the active profile)");
  if (feed.lastTickAt === null) return none('no rates answer had arrived yet', feed.stale);
  const row = feed.rows.find((r) => r.symbol.toUpperCase() === asset);
  if (!row?.usdPrice) return none(`the rates answer had no USD price for ${asset}`, feed.stale);
  const ageMs = Math.max(0, now.getTime() - Date.parse(feed.lastTickAt));
  return {
    ...base,
    rate: row.usdPrice,
    source: RATE_SOURCE,
    ratesAt: feed.lastTickAt,
    staleMs: ageMs,
    stale: feed.stale,
    missing: null,
  };
}
