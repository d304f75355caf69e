import { useEffect } from 'react';
import { useRatesStore } from './rates-store';

/**
 * Display names for network codes, read from the rates snapshot (which merges the public catalog).
 * Kept by the store and replaced only when a pair changes, never by a price tick.
 * Screens other than Rates may open first, so the snapshot is read once if nothing has loaded it yet.
 */
export function useNetworkNames(): ReadonlyMap<string, string> {
  const names = useRatesStore((s) => s.networkNames);
  const loaded = useRatesStore((s) => s.loaded);
  const loading = useRatesStore((s) => s.loading);
  useEffect(() => {
    if (!loaded && !loading) void useRatesStore.getState().load();
    // Only on mount: a failed read is retried by the Rates screen, not by every render here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return names;
}
