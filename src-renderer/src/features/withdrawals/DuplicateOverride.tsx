import { useId, useState, type FormEvent } from 'react';
import { bindValue } from '../../components/forms/bind';
import { TextAreaField } from '../../components/forms/Field';
import { FormActions, type MoneyProfile } from '../../components/forms/FormActions';
import { TechnicalDetail } from '../../components/StateViews';
import type { ErrorInfo } from '../../lib/ipc';
import { WithdrawalOverride } from '@shared/domain/operations';
import { useWithdrawalsStore, type SentWithdrawal } from './withdrawals-store';

/**
 * The journal refused to send: an identical withdrawal (same coin, network, address and amount) is
 * still pending or unknown. Sending anyway is possible, but only with the risk stated in money and a
 * written reason, which the journal keeps with the entry (UX rule 5).
 */
export function DuplicateOverride({
  request,
  label,
  error,
  profile,
}: {
  profile: MoneyProfile;
  request: SentWithdrawal;
  /** "Send 12.5 USDT" */
  label: string;
  error: ErrorInfo;
}) {
  const id = useId();
  const sending = useWithdrawalsStore((s) => s.sending);
  const send = useWithdrawalsStore((s) => s.send);
  const setStep = useWithdrawalsStore((s) => s.setStep);
  const startAnother = useWithdrawalsStore((s) => s.startAnother);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const amount = `${request.amount} ${request.coin.toUpperCase()}`;

  function override(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = WithdrawalOverride.safeParse({ reason });
    if (!parsed.success) {
      setProblem('Write why this is not a duplicate (at least 3 characters), for the Journal.');
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    void send({ ...request, override: parsed.data });
  }

  return (
    <div
      className="notice notice--unknown withdrawal-duplicate"
      role="alert"
      data-testid="withdrawal-duplicate"
    >
      <p className="notice__title">
        <span aria-hidden="true">⚠ </span>Not sent: an identical withdrawal is not finished yet.
      </p>
      <p>
        An earlier withdrawal of the same amount of the same coin, on the same network, to this address is
        still in progress or its outcome is unknown. It is in the list below and in the Journal.
      </p>
      {/* Main's words name the entry, and on a team the desk, person and time that hold it. */}
      <p data-testid="duplicate-holder">{error.message}</p>
      <p>
        If the earlier one was made, sending this one pays <strong>{amount}</strong> to the same address a
        second time. Check it first: its webhooks, the balances on Overview, or its entry in the Journal.
      </p>
      <TextAreaField
        id={`${id}-reason`}
        label="Why is this not a duplicate? (kept in the Journal)"
        rows={2}
        maxLength={2000}
        {...bindValue(reason, (next) => {
          setReason(next);
          setProblem(undefined);
        })}
        error={problem}
        data-testid="override-reason"
      />
      <FormActions profile={profile}>
        <button
          type="button"
          className="button"
          onClick={() => {
            startAnother();
            setStep('form');
          }}
          data-testid="override-cancel"
        >
          Do not send
        </button>
        <button
          type="button"
          className="button button--danger"
          aria-disabled={sending || undefined}
          onClick={override}
          data-testid="override-send"
        >
          {label} anyway
        </button>
      </FormActions>
      <TechnicalDetail error={error} />
    </div>
  );
}
