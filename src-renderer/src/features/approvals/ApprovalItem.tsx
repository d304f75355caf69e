import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApprovalQueueItem, ErrorInfo } from '@contract';
import { AddressText } from '../../components/AddressText';
import { NetworkName } from '../../components/NetworkName';
import { ErrorNotice } from '../../components/StateViews';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useShellStore } from '../../stores/shell-store';
import { ApprovalFees } from './ApprovalFees';
import { ApprovalHistory } from './ApprovalHistory';
import { countWords, groupWords } from './approval-words';
import { SendApproved } from './SendApproved';
import { RunButton } from '../../components/forms/SubmitButton';

export interface ApprovalActions {
  approve(item: ApprovalQueueItem): Promise<void>;
  reject(item: ApprovalQueueItem, reason: string): Promise<void>;
  send(item: ApprovalQueueItem): Promise<void>;
}

/** Opens the reason form; main confirms the rejection in its own window. */
function RejectButton({ id, busy, onClick }: { id: string; busy: boolean; onClick(): void }) {
  return (
    <button type="button" className="button" disabled={busy} onClick={onClick} data-testid={`reject-${id}`}>
      Reject…
    </button>
  );
}

/**
 * One withdrawal waiting for approval: the facts a person approves on (UX rule 1: amount with its
 * unit and network; UX rule 4: the whole address in groups), the approvals so far, and Approve or
 * Reject (Reject also once approved, until a treasury desk sends it). Both are decided in main's own
 * window, which shows the withdrawal again as main read it.
 */
export function ApprovalItem({
  item,
  names,
  busy,
  canApprove,
  error,
  sending = false,
  actions,
}: {
  item: ApprovalQueueItem;
  names: ReadonlyMap<string, string>;
  busy: boolean;
  /** The person holds the approver role; the team's ledger refuses anyone else whatever is sent. */
  canApprove: boolean;
  error: ErrorInfo | null;
  /** The error is a send's (an approved withdrawal's "Send now"), not an approval's or a rejection's. */
  sending?: boolean;
  actions: ApprovalActions;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  const reasonInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  // A profile's id names its merchant account, the same on every desk: this desk's name for it, if any.
  const profileName = useShellStore((s) => s.profiles.find((p) => p.id === item.profileId)?.name);

  const onReject = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() === '') {
      setReasonError('Say why it is rejected: the person who prepared it reads this.');
      // UX rule 12: after a failed submit, focus goes to what needs fixing.
      reasonInput.current?.focus();
      return;
    }
    setReasonError(null);
    void actions.reject(item, reason.trim());
  };

  return (
    <li className="approval panel" aria-labelledby={titleId} data-testid={`approval-${item.id}`}>
      <h2 id={titleId} className="approval__title">
        Withdrawal #{item.id}:{' '}
        <span data-testid="approval-amount">
          {item.amount} {item.coin.toUpperCase()}
        </span>{' '}
        · <NetworkName code={item.network} names={names} />
      </h2>
      {/* UX rule 2: where the money would move, as the preparing desk recorded it. */}
      <p
        className={item.environment === 'live' ? 'approval__live' : 'muted'}
        data-testid="approval-environment"
      >
        {item.environment === 'live' ? 'LIVE · real money' : 'Test money, not live'} ·{' '}
        {profileName ? `profile “${profileName}”` : 'a profile this desk does not have'}
      </p>
      {item.usd !== null && (
        <p className="muted" data-testid="approval-usd">
          About {item.usd} USD, at the rate recorded when it was submitted
        </p>
      )}
      <ApprovalFees lines={item.feeLines} />
      <div className="approval__address">
        <span className="approval__label">To </span>
        <span data-testid="approval-address-name">
          {item.addressName ?? 'New address — not in the team’s address book'}
        </span>
        <AddressText address={item.address} label="Destination address" copyable />
      </div>
      <p data-testid="approval-prepared">
        Prepared by {item.preparedBy.join(', ')} on {formatZonedDateTime(item.preparedAt)} · revision{' '}
        {item.revision}
        {item.rule ? ` · policy ${item.rule}` : ''}
      </p>
      <p data-testid="approval-count">
        <strong>{countWords(item)}</strong> {groupWords(item.groups)}
        {item.approvals.length > 0 &&
          ` · approved by ${item.approvals
            .map((a) => `${a.person} at ${a.desk}, ${formatZonedDateTime(a.at)}`)
            .join('; ')}`}
      </p>
      {item.sendable ? (
        <SendApproved item={{ ...item, sendable: item.sendable }} busy={busy} onSend={actions.send}>
          {/* Approved, it can still be stopped until a treasury desk claims it (md.reject allows it). */}
          {!item.mine && canApprove && !rejecting && (
            <RejectButton id={item.id} busy={busy} onClick={() => setRejecting(true)} />
          )}
        </SendApproved>
      ) : item.mine ? (
        <p className="muted" data-testid="approval-mine">
          You prepared or changed this withdrawal: someone else must approve it.
        </p>
      ) : !canApprove ? (
        <p className="muted" data-testid="approval-not-approver">
          Only an approver of the team approves or rejects withdrawals; ask an admin if you should be one.
        </p>
      ) : (
        <div className="approval__actions">
          <RunButton
            className="button button--primary"
            busy={busy}
            run={() => actions.approve(item)}
            testId={`approve-${item.id}`}
          >
            Approve…
          </RunButton>
          {!rejecting && <RejectButton id={item.id} busy={busy} onClick={() => setRejecting(true)} />}
        </div>
      )}
      {rejecting && !item.mine && canApprove && (
        <form className="approval__reject" onSubmit={onReject} aria-label={`Reject withdrawal #${item.id}`}>
          <label htmlFor={reasonId}>Why is it rejected? (the team sees this)</label>
          <input
            id={reasonId}
            ref={reasonInput}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={reasonError !== null}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            data-testid={`reject-reason-${item.id}`}
          />
          {reasonError && (
            <p id={`${reasonId}-error`} className="field-error" role="alert">
              {reasonError}
            </p>
          )}
          <button type="submit" className="button" disabled={busy} data-testid={`reject-send-${item.id}`}>
            Reject withdrawal…
          </button>
          <button type="button" className="button" onClick={() => setRejecting(false)}>
            Keep it
          </button>
        </form>
      )}
      <ApprovalHistory item={item} />
      {error && (
        <ErrorNotice
          title={`Withdrawal #${item.id} was not ${sending ? 'sent' : 'changed'}.`}
          error={error}
        />
      )}
    </li>
  );
}
