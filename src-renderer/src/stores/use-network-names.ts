import { useEffect } from 'react';
import { networkNameMap } from '../lib/network-names';
import type { RateView } from './rate-view';
import { useRatesStore, type RatesState } from './rates-store';

/** Whether both lists carry the same pairs arrays in the same order (toRateView keeps unchanged ones). */
function samePairs(a: readonly RateView[], b: readonly RateView[]): boolean {
  return a === b || (a.length === b.length && a.every((row, i) => row.pairs === b[i]?.pairs));
}

let last: { rows: readonly RateView[]; names: ReadonlyMap<string, string> } = { rows: [], names: new Map() };

/**
 * The names map for the store's rows, the same object for as long as no row's pairs change: a price
 * tick replaces the rows but keeps their pairs, so it re-renders nothing that shows network names.
 */
export function selectNetworkNames(s: RatesState): ReadonlyMap<string, string> {
  if (s.rows !== last.rows)
    last = {
      rows: s.rows,
      names: samePairs(s.rows, last.rows) ? last.names : networkNameMap(s.rows.flatMap((r) => r.pairs)),
    };
  return last.names;
}

/**
 * Display names for network codes, read from the rates snapshot (which merges the public catalog).
 * Screens other than Rates may open first, so the snapshot is read once if nothing has loaded it yet.
 */
export function useNetworkNames(): ReadonlyMap<string, string> {
  const names = useRatesStore(selectNetworkNames);
  const loaded = useRatesStore((s) => s.loaded);
  const loading = useRatesStore((s) => s.loading);
  useEffect(() => {
    if (!loaded && !loading) void useRatesStore.getState().load();
    // Only on mount: a failed read is retried by the Rates screen, not by every render here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return names;
}
