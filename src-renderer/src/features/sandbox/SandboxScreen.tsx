import { useEffect } from 'react';
import { ErrorNotice } from '../../components/StateViews';
import { ScreenHeader } from '../../components/ScreenHeader';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { isSandboxProfile } from '../../shell/routes';
import { BalanceControls } from './BalanceControls';
import { ClockControls } from './ClockControls';
import { DepositControls } from './DepositControls';
import { FaultControls } from './FaultControls';
import { InvoiceControls } from './InvoiceControls';
import { ResetControls } from './ResetControls';
import { WithdrawalControls } from './WithdrawalControls';
import { useSandboxControls } from './sandbox-store';
import './sandbox.css';

/**
 * Drives the built-in simulation so staff can rehearse every outcome with play money. Exists only
 * under the Sandbox profile: the route falls back to Overview otherwise, and main refuses the calls.
 */
export function SandboxScreen() {
  const profile = useShellStore(selectActiveProfile);
  const sandbox = isSandboxProfile(profile?.id);
  const load = useSandboxControls((s) => s.load);
  const statusError = useSandboxControls((s) => s.statusError);
  useEffect(() => {
    if (sandbox) void load();
  }, [sandbox, load]);
  if (!profile || !sandbox) return null;

  return (
    <div className="sandbox-screen" data-testid="sandbox-screen">
      <ScreenHeader title="Sandbox controls" />
      <div className="notice notice--sandbox" data-testid="sandbox-banner">
        <p className="notice__title">SANDBOX — play money</p>
        <p>
          These controls act on the built-in simulation only. Nothing here moves real funds or reaches the
          real service.
        </p>
      </div>
      {statusError && (
        <ErrorNotice
          title="The Sandbox state could not be read."
          error={statusError}
          sent="Nothing was changed."
          onRetry={() => void load()}
        />
      )}
      <div className="sandbox-grid">
        <InvoiceControls />
        <WithdrawalControls />
        <DepositControls />
        <BalanceControls />
        <ClockControls />
        <FaultControls />
        <ResetControls />
      </div>
    </div>
  );
}
