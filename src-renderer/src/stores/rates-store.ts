import { create } from 'zustand';
import type { RatesSnapshot } from '@contract';
import { callMerchant, subscribe, type ErrorInfo } from '../lib/ipc';
import {
  mergeSnapshot,
  sameList,
  visibleRows,
  type RateView,
  type SortKey,
  type SortState,
} from './rate-view';

export interface RatesState {
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
  setQuery: (query: string) => void;
  toggleSort: (key: SortKey) => void;
  setPaused: (paused: boolean) => Promise<void>;
  /** Subscribes to ticks, applying at most one per animation frame; returns the unsubscribe. */
  listen: () => () => void;
}

export const useRatesStore = create<RatesState>()((set, get) => ({
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

  applySnapshot: (snapshot) => {
    const s = get();
    const rows = mergeSnapshot(snapshot, s.rows);
    const visible =
      rows === s.rows && s.loaded ? s.visible : keep(s.visible, visibleRows(rows, s.query, s.sort));
    set({
      rows,
      visible,
      lastTickAt: snapshot.lastTickAt,
      stale: snapshot.stale,
      paused: snapshot.paused,
      feedError: snapshot.error,
      loaded: true,
    });
  },

  setQuery: (query) => set((s) => ({ query, visible: keep(s.visible, visibleRows(s.rows, query, s.sort)) })),

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
    let pending: RatesSnapshot | null = null;
    let frame: number | null = null;
    const flush = () => {
      frame = null;
      if (pending) get().applySnapshot(pending);
      pending = null;
    };
    const off = subscribe('rates:tick', (snapshot) => {
      pending = snapshot;
      // Several ticks inside one frame only need the newest painted.
      if (typeof requestAnimationFrame !== 'function') flush();
      else frame ??= requestAnimationFrame(flush);
    });
    return () => {
      off();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  },
}));

function keep(previous: RateView[], next: RateView[]): RateView[] {
  return sameList(previous, next) ? previous : next;
}
