import { useState } from 'react';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ControlGroupPanel, KnownOptions, ResultLine, useControlGroup } from './ControlParts';
import { useSandboxControls } from './sandbox-store';

/** Complete or fail a withdrawal; its webhook then settles the desk's journal entry. */
export function WithdrawalControls() {
  const known = useSandboxControls((s) => s.withdrawals);
  const { busy, act, server } = useControlGroup('withdrawals');
  const [id, setId] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const error = missing ? 'Enter or pick a withdrawal id.' : (server.withdrawalId ?? undefined);

  const run = (action: 'complete-withdrawal' | 'fail-withdrawal') => {
    const withdrawalId = id.trim();
    setMissing(!withdrawalId);
    if (!withdrawalId) return;
    void act(
      'withdrawals',
      action === 'fail-withdrawal' && reason.trim()
        ? { action, withdrawalId, reason: reason.trim() }
        : { action, withdrawalId },
    );
  };

  return (
    <ControlGroupPanel group="withdrawals" onSubmit={() => run('complete-withdrawal')}>
      <Field
        id="sandbox-withdrawal-id"
        label="Withdrawal id"
        list="sandbox-known-withdrawals"
        {...EXACT_TEXT}
        {...bindValue(id, setId)}
        error={error}
        hint={known.length ? 'Pick one sent from this desk, or type any id.' : 'Type the withdrawal id.'}
      />
      <KnownOptions id="sandbox-known-withdrawals" items={known} />
      <Field
        id="sandbox-withdrawal-reason"
        label="Reason for a failure (optional)"
        autoComplete="off"
        maxLength={200}
        {...bindValue(reason, setReason)}
        error={server.reason}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Complete
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => run('fail-withdrawal')}>
          Fail
        </button>
      </div>
      <ResultLine group="withdrawals" what="The withdrawal action" />
    </ControlGroupPanel>
  );
}
