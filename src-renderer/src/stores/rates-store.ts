import { create } from 'zustand';
import type { RatesSnapshot, RatesTick } from '@contract';
import { callMerchant, subscribe, type ErrorInfo } from '../lib/ipc';
import {
  mergeSnapshot,
  mergeTick,
  sameList,
  visibleRows,
  type RateView,
  type SortKey,
  type SortState,
} from './rate-view';

export interface RatesState {
  /** The profile whose service the rows came from (main names it on every snapshot and tick). */
  profileId: string | null;
  rows: RateView[];
  visible: RateView[];
  query: string;
  sort: SortState;
  lastTickAt: string | null;
  stale: boolean;
  paused: boolean;
  /** The last error main reported with a snapshot (e.g. the rates call failing); rows stay as they were. */
  feedError: ErrorInfo | null;
  /** A failed call from this screen (load, pause). */
  error: ErrorInfo | null;
  loaded: boolean;
  loading: boolean;
  pausing: boolean;
  load: () => Promise<void>;
  applySnapshot: (snapshot: RatesSnapshot) => void;
  /** A pushed tick: rows and status; a new poll extends each sparkline by its price. */
  applyTick: (tick: RatesTick) => void;
  setQuery: (query: string) => void;
  toggleSort: (key: SortKey) => void;
  setPaused: (paused: boolean) => Promise<void>;
  /** Subscribes to ticks, applying at most one per animation frame; returns the unsubscribe. */
  listen: () => () => void;
}

export const useRatesStore = create<RatesState>()((set, get) => {
  /** The merged rows and the feed's status; the visible list is re-derived only if a row changed. */
  function applyRows(status: RatesTick, rows: RateView[]) {
    const s = get();
    const visible =
      rows === s.rows && s.loaded ? s.visible : keep(s.visible, visibleRows(rows, s.query, s.sort));
    set({
      profileId: status.profileId,
      rows,
      visible,
      lastTickAt: status.lastTickAt,
      stale: status.stale,
      paused: status.paused,
      feedError: status.error,
      loaded: true,
    });
  }

  /** Rows to merge with: none of another profile's (its sparklines and prices are not this one's). */
  const previousFor = (profileId: string) => (get().profileId === profileId ? get().rows : []);

  return {
    profileId: null,
    rows: [],
    visible: [],
    query: '',
    sort: { key: 'symbol', direction: 'ascending' },
    lastTickAt: null,
    stale: false,
    paused: false,
    feedError: null,
    error: null,
    loaded: false,
    loading: false,
    pausing: false,

    load: async () => {
      set({ loading: true });
      const result = await callMerchant((api) => api.rates.snapshot());
      if (result.ok) get().applySnapshot(result.data);
      set({ loading: false, error: result.ok ? null : result.error });
    },

    applySnapshot: (snapshot) =>
      applyRows(snapshot, mergeSnapshot(snapshot, previousFor(snapshot.profileId))),
    applyTick: (tick) => {
      const { lastTickAt } = get();
      const newPoll = tick.lastTickAt !== null && tick.lastTickAt !== lastTickAt;
      applyRows(tick, mergeTick(tick, previousFor(tick.profileId), newPoll));
    },

    setQuery: (query) =>
      set((s) => ({ query, visible: keep(s.visible, visibleRows(s.rows, query, s.sort)) })),

    toggleSort: (key) =>
      set((s) => {
        const direction = s.sort.key === key && s.sort.direction === 'ascending' ? 'descending' : 'ascending';
        const sort = { key, direction } as const;
        return { sort, visible: keep(s.visible, visibleRows(s.rows, s.query, sort)) };
      }),

    setPaused: async (paused) => {
      set({ pausing: true });
      const result = await callMerchant((api) => api.rates.pause({ paused }));
      if (result.ok) get().applySnapshot(result.data);
      set({ pausing: false, error: result.ok ? null : result.error });
    },

    listen: () => {
      // Several ticks inside one frame: only the newest is painted (its sparkline misses the others' points).
      let pending: RatesTick | null = null;
      let frame: number | null = null;
      const flush = () => {
        frame = null;
        if (pending) get().applyTick(pending);
        pending = null;
      };
      const off = subscribe('rates:tick', (tick) => {
        pending = tick;
        if (typeof requestAnimationFrame !== 'function') flush();
        else frame ??= requestAnimationFrame(flush);
      });
      return () => {
        off();
        if (frame !== null) cancelAnimationFrame(frame);
      };
    },
  };
});

function keep(previous: RateView[], next: RateView[]): RateView[] {
  return sameList(previous, next) ? previous : next;
}
