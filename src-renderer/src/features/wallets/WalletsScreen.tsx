import { useEffect } from 'react';
import { subscribe } from '../../lib/ipc';
import { moneyProfileOf } from '../../components/forms/FormActions';
import { useDeskRecords } from '../../lib/use-desk-records';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ReadStateNotices, RefreshButton } from '../../components/StateViews';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { useRecordsFrom } from '../../stores/use-records-from';
import { CreateWalletForm } from './CreateWalletForm';
import { WalletList } from './WalletList';
import { WalletOutcome } from './WalletOutcome';
import { useWalletsStore } from './wallets-store';
import './wallets.css';
import { WriteArea } from '../../components/WriteArea';

/** Deposit wallets: create a static address for a pair, then show, copy and save its QR code. */
export function WalletsScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const profile = useShellStore(selectActiveProfile);
  const {
    records: wallets,
    loading,
    error,
    reload,
    state,
  } = useDeskRecords(useWalletsStore, profileId, (s) => s.wallets);
  const names = useNetworkNames();
  // Main's answer for this person on a team: a viewer is offered no form, only why and who can.
  const refused = useRefusedWrite('wallets');
  const from = useRecordsFrom();
  const loadDeposits = useWalletsStore((s) => s.loadDeposits);
  // A delivery carries no amount: a verified wallet event asks for the deposits again.
  useEffect(
    () =>
      subscribe('webhook:received', (d) => {
        if (d.profileId === profileId && d.verified && !d.duplicate && /wallet/i.test(d.event ?? ''))
          void loadDeposits();
      }),
    [loadDeposits, profileId],
  );

  return (
    <section className="screen wallets" data-testid="wallets-screen" data-state={state}>
      <ScreenHeader title="Wallets" />
      {profile && (
        <WriteArea area="wallets" refused={refused} className="wallets__create form-beside">
          <CreateWalletForm profile={moneyProfileOf(profile)} />
          <WalletOutcome environment={profile.environment} names={names} />
        </WriteArea>
      )}
      <section aria-labelledby="wallets-created" className="wallets__list">
        <div className="wallets__list-head">
          <h2 id="wallets-created">Wallets created {from}</h2>
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
