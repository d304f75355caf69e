import { useCallback, useEffect } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ReadStateNotices, RefreshButton } from '../../components/StateViews';
import { subscribe } from '../../lib/ipc';
import { screenState } from '../../lib/screen-state';
import { selectActiveProfile, useShellStore } from '../../shell/shell-store';
import { UnknownWithdrawalsBanner } from '../../shell/UnknownWithdrawalsBanner';
import { useNetworkNames } from '../../stores/use-network-names';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawalOutcome } from './WithdrawalOutcome';
import { WithdrawalReview } from './WithdrawalReview';
import { useWithdrawalsStore } from './withdrawals-store';
import './withdrawals.css';

/** Withdrawals: send one (form, review, confirm), see what came of it, and follow every one sent. */
export function WithdrawalsScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const profile = useShellStore(selectActiveProfile);
  const ownerId = useWithdrawalsStore((s) => s.profileId);
  const stored = useWithdrawalsStore((s) => s.entries);
  const loading = useWithdrawalsStore((s) => s.loading);
  const error = useWithdrawalsStore((s) => s.error);
  const step = useWithdrawalsStore((s) => s.step);
  const load = useWithdrawalsStore((s) => s.load);
  const reload = useCallback(() => void load(profileId), [load, profileId]);
  const names = useNetworkNames();

  useEffect(() => {
    if (profileId) void load(profileId);
  }, [load, profileId]);
  // Webhooks move a withdrawal's state, and a person resolves an unknown one, through the journal.
  useEffect(() => subscribe('journal:changed', reload), [reload]);

  const entries = ownerId === profileId ? stored : null;
  const state = screenState({ data: entries, error, isEmpty: entries?.length === 0 });
  const surface = profile && {
    name: profile.name,
    environment: profile.environment,
    merchantId: profile.merchantId,
  };

  return (
    <section className="screen withdrawals" data-testid="withdrawals-screen" data-state={state}>
      <ScreenHeader title="Withdrawals" />
      <UnknownWithdrawalsBanner place="screen" />
      {surface && (
        <div className={`withdrawals__create withdrawals__create--${step}`}>
          {step === 'review' ? <WithdrawalReview profile={surface} /> : <WithdrawalForm profile={surface} />}
          <WithdrawalOutcome names={names} />
        </div>
      )}
      <section aria-labelledby="withdrawals-sent" className="withdrawals__list">
        <div className="withdrawals__list-head">
          <h2 id="withdrawals-sent">Withdrawals sent from this desk</h2>
          <RefreshButton onClick={reload} busy={loading} />
        </div>
        <ReadStateNotices
          state={state}
          what="The withdrawal list"
          error={error}
          since={null}
          onRetry={reload}
          retrying={loading}
          skeleton={{ rows: 3, columns: 4, label: 'Loading withdrawals…' }}
        />
        {entries && state !== 'error' && <WithdrawalList entries={entries} names={names} />}
      </section>
    </section>
  );
}
