import { useEffect, useRef } from 'react';
import type { RateView } from './rate-view';
import { useRatesStore } from './rates-store';

const NO_ROWS: RateView[] = [];

/**
 * The rates rows (prices, pairs and their limits) of this profile. While the store holds another
 * profile's, none: a live form offered the Sandbox's pairs and priced them in play money. This
 * profile's own are then read, once per profile (a failed read is the rates store's to show).
 */
export function useProfileRates(profileId: string | null): RateView[] {
  const rows = useRatesStore((s) => (s.profileId === profileId ? s.rows : NO_ROWS));
  const other = useRatesStore((s) => s.profileId !== profileId);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!profileId || !other || asked.current === profileId) return;
    asked.current = profileId;
    void useRatesStore.getState().load();
  }, [profileId, other]);
  return rows;
}
