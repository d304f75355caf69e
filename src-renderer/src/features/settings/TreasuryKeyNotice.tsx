import { useTreasuryKeys } from './use-treasury-keys';

/**
 * Settings → Profiles on a desk of a team that named its treasury desks, this not one of them
 * (issue 28 item 4): which desks hold the API key and why this one holds none, and the keys it
 * removed. Main decides and refuses a key whatever this page shows; nothing here on a desk alone.
 */
export function TreasuryKeyNotice() {
  const keys = useTreasuryKeys();

  if (!keys?.words) return null;
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
