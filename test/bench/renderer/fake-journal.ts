import { JournalPage, JournalPageQuery, type JournalEntryView } from '@shared/domain/journal';

const OPERATIONS = ['createInvoice', 'createWithdrawal', 'createWalletAddress'] as const;
const STATES = ['accepted', 'accepted', 'accepted', 'rejected', 'resolved-performed'] as const;
const START = Date.parse('2025-11-22T00:00:00.000Z');

/** Entry `n` (1 = oldest) of a year of history, shaped as main sends it; deterministic. */
function entry(n: number, total: number, profileId: string): JournalEntryView {
  const at = new Date(START + Math.floor((n / total) * 365 * 86_400_000)).toISOString();
  const operation = OPERATIONS[n % OPERATIONS.length]!;
  return {
    id: String(n),
    operation,
    profileId,
    environment: 'sandbox',
    state: STATES[n % STATES.length]!,
    createdAt: at,
    updatedAt: at,
    fields:
      operation === 'createWalletAddress'
        ? { coin: 'usdt', network: 'tron', orderId: `wallet-${n}` }
        : {
            amount: `${(n % 9973) + 1}.${String(n % 100).padStart(2, '0')}`,
            coin: 'usdt',
            network: 'tron',
            orderId: `order-${n}`,
          },
    externalIds: {},
    settlement: null,
    resolution: null,
    response: null,
    error: null,
  };
}

/**
 * A stand-in for main's `journal:page` over a journal of `total` entries, newest first: the renderer
 * under test pages through it exactly as through main (same request, same answer schema), so the
 * figures are the list's own cost, not the database's (h4 measures that side). Pending entries
 * (state "unknown") are none: the pinned list stays empty.
 */
export function fakeJournalPage(total: number, request: unknown): JournalPage {
  const query = JournalPageQuery.parse(request ?? {});
  const profileId = query.filter.profileId ?? 'sandbox';
  const none = query.filter.state === 'unknown';
  const count = none ? 0 : total;
  const anchor = query.anchor ?? count;
  const entries: JournalEntryView[] = [];
  // A keyset cursor starts just below the entry it names; the offset then counts from there.
  const start = (query.before === undefined ? 0 : anchor - Math.min(anchor, query.before - 1)) + query.offset;
  for (let i = start; i < Math.min(count, start + query.limit); i++)
    entries.push(entry(anchor - i, total, profileId));
  return JournalPage.parse({
    entries,
    total: count,
    anchor,
    newer: 0,
    pairs: count ? [{ coin: 'usdt', network: 'tron' }] : [],
  });
}
