import { create } from 'zustand';
import type { MoneyInItem, MoneyInKind, WebhookDelivery } from '@contract';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { createProfileLoader } from '../../lib/profile-loader';

/** The ledger's filters as a person sets them; a day is a local calendar date ("2026-11-01"). */
export interface MoneyInFilters {
  kind: MoneyInKind | '';
  /** "usdt:tron", or blank for every pair. */
  pair: string;
  fromDay: string;
  toDay: string;
}

export const NO_FILTERS: MoneyInFilters = { kind: '', pair: '', fromDay: '', toDay: '' };

/** How many rows one read shows; the answer says how many matched in all. */
export const MONEY_IN_LIMIT = 200;

export interface MoneyInState {
  profileId: string | null;
  loading: boolean;
  items: MoneyInItem[] | null;
  /** How many matched the filters (more than `items.length` when the limit cut the list). */
  total: number;
  error: ErrorInfo | null;
  /** Every coin and network seen in this profile's money in so far ("usdt:tron"), for the pair filter. */
  pairs: string[];
  filters: MoneyInFilters;
  load: (profileId: string | null) => Promise<void>;
  setFilters: (patch: Partial<MoneyInFilters>) => void;
}

/**
 * A local calendar day's first moment, or (end) its last millisecond: the wire's range is inclusive.
 * Sent to main, never shown: ISO whatever the Region.
 */
export function dayBound(day: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const next = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (end ? 1 : 0));
  return new Date(next.getTime() - (end ? 1 : 0)).toISOString();
}

/** The request a set of filters makes; blank filters ask for everything. */
export function queryOf(filters: MoneyInFilters) {
  const from = dayBound(filters.fromDay, false);
  const to = dayBound(filters.toDay, true);
  const [coin, network] = filters.pair ? filters.pair.split(':') : [];
  return {
    limit: MONEY_IN_LIMIT,
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(coin && network ? { coin, network } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** A verified, first-time delivery of an event that can credit money: the ledger may have a new row. */
export function mayBringMoneyIn(delivery: WebhookDelivery): boolean {
  if (!delivery.verified || delivery.duplicate || !delivery.event) return false;
  return (
    delivery.event === 'invoice.paid' ||
    delivery.event === 'invoice.expired' ||
    /wallet/i.test(delivery.event)
  );
}

/**
 * The active profile's money in (the Money in screen): invoice payments
 * and wallet deposits that verified webhooks reported, newest first. Main decides the profile.
 */
export const useMoneyInStore = create<MoneyInState>()((set, get) => ({
  profileId: null,
  loading: false,
  items: null,
  total: 0,
  error: null,
  pairs: [],
  filters: NO_FILTERS,

  load: createProfileLoader(
    get,
    set,
    { items: null, total: 0, error: null, pairs: [], filters: NO_FILTERS },
    async (isCurrent) => {
      const asked = get().filters;
      const result = await callMerchant((api) => api.moneyIn.list(queryOf(asked)));
      if (!isCurrent()) return;
      set(
        result.ok
          ? {
              loading: false,
              items: result.data.items,
              total: result.data.total,
              error: null,
              pairs: [
                ...new Set([...get().pairs, ...result.data.items.map((i) => `${i.coin}:${i.network}`)]),
              ].sort(),
            }
          : { loading: false, error: result.error },
      );
      // The filters changed while this read was out (the loader drops a second read meanwhile): read again.
      if (get().filters !== asked) void get().load(get().profileId);
    },
  ),

  setFilters: (patch) => {
    set({ filters: { ...get().filters, ...patch } });
    void get().load(get().profileId);
  },
}));
