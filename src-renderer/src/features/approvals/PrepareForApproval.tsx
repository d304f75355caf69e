import { useState, type FormEvent } from 'react';
import type { ErrorInfo } from '@contract';
import { EnvironmentNote } from '../../components/EnvironmentNote';
import { bindValue, DECIMAL_TEXT, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { callMerchant, fieldErrorsOf } from '../../lib/ipc';
import { isSandboxProfile } from '../../shell/routes';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';

const EMPTY = { coin: '', network: '', amount: '', to_address: '' };

/**
 * Prepares a withdrawal for the team's approval on the active profile: nothing is sent. The team's
 * ledger judges it by the published policy (with main's USD rate) and it waits in the queue; a
 * treasury desk sends it once approved, after its own confirmation in main.
 */
export function PrepareForApproval({ onSubmitted }: { onSubmitted: () => void }) {
  const profile = useShellStore(selectActiveProfile);
  const [draft, setDraft] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fieldError = fieldErrorsOf(error);
  const bind = (key: keyof typeof EMPTY) =>
    bindValue(draft[key], (v) => setDraft((d) => ({ ...d, [key]: v })));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    const result = await callMerchant((api) => api.approvals.submit({ withdrawal: draft }));
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setDone(
      result.data.status === 'submitted'
        ? `Withdrawal #${result.data.id} is submitted: it waits for approval.`
        : `Withdrawal #${result.data.id} is ${result.data.status} under the team’s policy.`,
    );
    setDraft(EMPTY);
    onSubmitted();
  };

  return (
    <details className="panel approvals__prepare" data-testid="approvals-prepare">
      <summary>Prepare a withdrawal for approval</summary>
      <form onSubmit={(e) => void onSubmit(e)} aria-label="Prepare a withdrawal for approval">
        <Field
          id="prepare-coin"
          label="Coin"
          hint="Such as USDT"
          error={fieldError.coin}
          {...bind('coin')}
          {...EXACT_TEXT}
        />
        <Field
          id="prepare-network"
          label="Network"
          hint="Such as TRON"
          error={fieldError.network}
          {...bind('network')}
          {...EXACT_TEXT}
        />
        <Field
          id="prepare-amount"
          label="Amount"
          error={fieldError.amount}
          {...bind('amount')}
          {...DECIMAL_TEXT}
        />
        <Field
          id="prepare-address"
          label="To address"
          error={fieldError.to_address}
          {...bind('to_address')}
          {...EXACT_TEXT}
        />
        {/* UX rule 2: which account the money would leave, next to the button. */}
        {profile && (
          <EnvironmentNote
            environment={profile.environment}
            builtInSandbox={isSandboxProfile(profile.id)}
            profileName={profile.name}
            merchantId={profile.merchantId}
          />
        )}
        <button type="submit" className="button" disabled={busy} data-testid="prepare-submit">
          Submit for approval
        </button>
        <p className="muted">Nothing is sent now: a treasury desk sends it once the team approves it.</p>
      </form>
      {done && (
        <p role="status" data-testid="prepare-done">
          {done}
        </p>
      )}
      {error && <ErrorNotice title="The withdrawal was not submitted." error={error} />}
    </details>
  );
}
