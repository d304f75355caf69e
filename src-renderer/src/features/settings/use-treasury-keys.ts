import { useCallback, useEffect, useState } from 'react';
import type { TreasuryKeys } from '@contract';
import { callMerchant, subscribe } from '../../lib/ipc';
import { useTeamStore } from '../../stores/team-store';

/**
 * What main says about this desk and the API key on its team (issue 28 item 4): null on a desk alone
 * or until main answers; `words` is set when the team named treasury desks and this is not one. Read
 * again when the team's desks change. Main refuses a key whatever the page shows.
 */
export function useTreasuryKeys(): TreasuryKeys | null {
  const joined = useTeamStore((s) => s.status?.joined === true);
  const [keys, setKeys] = useState<TreasuryKeys | null>(null);
  const read = useCallback(async () => {
    const result = await callMerchant((api) => api.team.treasuryKeys());
    if (result.ok) setKeys(result.data);
  }, []);
  useEffect(() => {
    if (joined) void read();
    else setKeys(null);
  }, [joined, read]);
  useEffect(() => subscribe('team:changed', () => void read()), [read]);
  useEffect(() => subscribe('team:status', () => void read()), [read]);
  return joined ? keys : null;
}
