import { useEffect } from 'react';
import { moneyProfileOf } from '../../components/forms/FormActions';
import { useDeskRecords } from '../../lib/use-desk-records';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ReadStateNotices, RefreshButton } from '../../components/StateViews';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { UnknownWithdrawalsBanner } from '../../shell/UnknownWithdrawalsBanner';
import { useNetworkNames } from '../../stores/use-network-names';
import { useTeamStore } from '../../stores/team-store';
import { useRecordsFrom } from '../../stores/use-records-from';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawalOutcome } from './WithdrawalOutcome';
import { WithdrawalReview } from './WithdrawalReview';
import { useWithdrawalsStore } from './withdrawals-store';
import './withdrawals.css';
import { WriteArea } from '../../components/WriteArea';

/** Withdrawals: send one (form, review, confirm), see what came of it, and follow every one sent. */
export function WithdrawalsScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const profile = useShellStore(selectActiveProfile);
  const step = useWithdrawalsStore((s) => s.step);
  const {
    records: entries,
    loading,
    error,
    reload,
    state,
  } = useDeskRecords(useWithdrawalsStore, profileId, (s) => s.entries);
  const names = useNetworkNames();
  const from = useRecordsFrom();
  const loadPath = useWithdrawalsStore((s) => s.loadPath);
  const path = useWithdrawalsStore((s) => s.path);
  const team = useTeamStore(
    (s) => `${s.status?.joined === true}:${s.status?.connection ?? ''}:${s.status?.role ?? ''}`,
  );
  // Main decides whether the form sends or submits for approval; asked again when the team or the
  // person's role on it changes.
  useEffect(() => void loadPath(), [loadPath, profileId, team]);

  const surface = profile && moneyProfileOf(profile);

  return (
    <section className="screen withdrawals" data-testid="withdrawals-screen" data-state={state}>
      <ScreenHeader title="Withdrawals" />
      <UnknownWithdrawalsBanner place="screen" />
      {surface && (
        <WriteArea
          area="withdrawals"
          refused={path.path === 'not-allowed' ? path.words : null}
          className={`withdrawals__create withdrawals__create--${step}`}
        >
          {step === 'review' ? <WithdrawalReview profile={surface} /> : <WithdrawalForm profile={surface} />}
          <WithdrawalOutcome names={names} />
        </WriteArea>
      )}
      <section aria-labelledby="withdrawals-sent" className="withdrawals__list">
        <div className="withdrawals__list-head">
          <h2 id="withdrawals-sent">Withdrawals sent {from}</h2>
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
