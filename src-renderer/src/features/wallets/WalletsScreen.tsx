import { useCallback, useEffect } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ReadStateNotices, RefreshButton } from '../../components/StateViews';
import { subscribe } from '../../lib/ipc';
import { screenState } from '../../lib/screen-state';
import { selectActiveProfile, useShellStore } from '../../shell/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { CreateWalletForm } from './CreateWalletForm';
import { WalletList } from './WalletList';
import { WalletOutcome } from './WalletOutcome';
import { useWalletsStore } from './wallets-store';
import './wallets.css';

/** Deposit wallets: create a static address for a pair, then show, copy and save its QR code. */
export function WalletsScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const profile = useShellStore(selectActiveProfile);
  const ownerId = useWalletsStore((s) => s.profileId);
  const stored = useWalletsStore((s) => s.wallets);
  const loading = useWalletsStore((s) => s.loading);
  const error = useWalletsStore((s) => s.error);
  const load = useWalletsStore((s) => s.load);
  const reload = useCallback(() => void load(profileId), [load, profileId]);
  const names = useNetworkNames();

  useEffect(() => {
    if (profileId) void load(profileId);
  }, [load, profileId]);
  // A person resolving an unknown wallet in the Journal changes its state here too.
  useEffect(() => subscribe('journal:changed', reload), [reload]);

  const wallets = ownerId === profileId ? stored : null;
  const state = screenState({ data: wallets, error, isEmpty: wallets?.length === 0 });

  return (
    <section className="screen wallets" data-testid="wallets-screen" data-state={state}>
      <ScreenHeader title="Wallets" />
      {profile && (
        <div className="wallets__create">
          <CreateWalletForm
            profile={{ name: profile.name, environment: profile.environment, merchantId: profile.merchantId }}
          />
          <WalletOutcome environment={profile.environment} names={names} />
        </div>
      )}
      <section aria-labelledby="wallets-created" className="wallets__list">
        <div className="wallets__list-head">
          <h2 id="wallets-created">Wallets created from this desk</h2>
          <RefreshButton onClick={reload} busy={loading} />
        </div>
        <ReadStateNotices
          state={state}
          what="The wallet list"
          error={error}
          since={null}
          onRetry={reload}
          retrying={loading}
          skeleton={{ rows: 3, columns: 3, label: 'Loading wallets…' }}
        />
        {wallets && profile && state !== 'error' && (
          <WalletList wallets={wallets} environment={profile.environment} names={names} />
        )}
      </section>
    </section>
  );
}
