import type { ReactNode } from 'react';
import type { ApprovalQueueItem, WriteResult } from '@contract';
import { RunButton } from '../../components/forms/SubmitButton';

/** What happened to a send, in the one outcome vocabulary (never "failed" for an unknown). */
export function sentWords(item: Pick<ApprovalQueueItem, 'id'>, result: WriteResult): string {
  if (result.outcome === 'accepted') return `Withdrawal #${item.id} is sent: the service accepted it.`;
  if (result.outcome === 'rejected')
    return `Withdrawal #${item.id} was not sent: the service refused it (${result.error?.message ?? 'no reason given'}).`;
  return `Withdrawal #${item.id} was sent, but its answer could not be read: its outcome is unknown. It is never sent again by itself; check it in the Journal.`;
}

/**
 * An approved withdrawal nobody has sent yet (issue 28 item 4): on a treasury desk, "Send now", which
 * main confirms in its own window before it claims and sends; on any other desk, which desks may.
 */
export function SendApproved({
  item,
  busy,
  onSend,
  children,
}: {
  item: ApprovalQueueItem & { sendable: NonNullable<ApprovalQueueItem['sendable']> };
  busy: boolean;
  onSend(item: ApprovalQueueItem): Promise<void>;
  /** The other actions on it (Reject…), in the same row as Send now. */
  children?: ReactNode;
}) {
  const { here, treasuryDesks } = item.sendable;
  if (!here)
    return (
      <>
        <p className="muted" data-testid={`send-waiting-${item.id}`}>
          Approved. Waiting for a treasury desk ({treasuryDesks.join(', ')}): only they hold the API key and
          send it.
        </p>
        {children && <div className="approval__actions">{children}</div>}
      </>
    );
  return (
    <>
      <p data-testid={`send-ready-${item.id}`}>
        Approved.{' '}
        {treasuryDesks.length > 0
          ? 'This is a treasury desk: it sends it.'
          : 'The team names no treasury desk: this desk may send it.'}{' '}
        Sending asks you to confirm in Merchant Desk’s own window, then it is sent once, never again by
        itself.
      </p>
      <div className="approval__actions">
        <RunButton
          className="button button--primary"
          busy={busy}
          run={() => onSend(item)}
          testId={`send-${item.id}`}
        >
          Send now…
        </RunButton>
        {children}
      </div>
    </>
  );
}
