import { useCallback, useEffect, useState } from 'react';
import type { TreasuryKeys } from '@contract';
import { callMerchant, subscribe } from '../../lib/ipc';
import { useTeamStore } from '../../stores/team-store';

/**
 * Settings → Profiles on a desk of a team that named its treasury desks, this not one of them
 * (issue 28 item 4): which desks hold the API key and why this one holds none, and the keys it
 * removed. Main decides and refuses a key whatever this page shows; nothing here on a desk alone.
 */
export function TreasuryKeyNotice() {
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
  // Main reads the ledger again when the team's desks change; so does this notice.
  useEffect(() => subscribe('team:changed', () => void read()), [read]);
  useEffect(() => subscribe('team:status', () => void read()), [read]);

  if (!joined || !keys?.words) return null;
  return (
    <div className="notice notice--info" role="note" data-testid="treasury-keys">
      <p className="notice__title">API keys stay on the treasury desks ({keys.treasuryDesks.join(', ')})</p>
      <p>{keys.words}</p>
      {keys.removed.length > 0 && (
        <p data-testid="treasury-keys-removed">
          This desk removed the stored API key of {keys.removed.join(', ')} from this computer’s keychain.
        </p>
      )}
    </div>
  );
}
