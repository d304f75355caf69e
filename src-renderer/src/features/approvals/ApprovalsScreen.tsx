import { useCallback, useEffect, useState } from 'react';
import type { ApprovalQueue, ApprovalQueueItem, ErrorInfo, IpcResult } from '@contract';
import {
  EmptyState,
  ErrorNotice,
  LoadingSkeleton,
  NOTHING_SENT,
  RefreshButton,
} from '../../components/StateViews';
import { ScreenHeader } from '../../components/ScreenHeader';
import { callMerchant, subscribe } from '../../lib/ipc';
import { useNetworkNames } from '../../stores/use-network-names';
import { useTeamStore } from '../../stores/team-store';
import { ApprovalItem, type ApprovalActions } from './ApprovalItem';
import { AuditTrailExport } from './AuditTrailExport';
import { sentWords } from './SendApproved';
import './approvals.css';

type Load =
  { state: 'loading' } | { state: 'error'; error: ErrorInfo } | { state: 'ready'; queue: ApprovalQueue };

/**
 * The team's withdrawals waiting for a second person (issue 28). The list changes only when the
 * person refreshes or acts (UX rule 10); who may approve is decided by the team's ledger.
 */
export function ApprovalsScreen() {
  const joined = useTeamStore((s) => s.status?.joined === true);
  const names = useNetworkNames();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [acting, setActing] = useState<string | null>(null);
  /** What failed on which item; `sending`: the send, whose failure says "not sent" (else "not changed"). */
  const [failed, setFailed] = useState<{ id: string; error: ErrorInfo; sending?: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The team's ledger changed a withdrawal's approval since this list was read. */
  const [changed, setChanged] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    setChanged(false);
    const result = await callMerchant((api) => api.approvals.queue());
    setRefreshing(false);
    setLoad(result.ok ? { state: 'ready', queue: result.data } : { state: 'error', error: result.error });
  }, []);
  useEffect(() => {
    if (joined) void refresh();
  }, [joined, refresh]);
  // UX rule 10: a change on another desk is announced; the list is read again when the person asks.
  useEffect(() => subscribe('approvals:changed', () => setChanged(true)), []);

  const act = async (
    item: ApprovalQueueItem,
    call: () => Promise<IpcResult<ApprovalQueue>>,
    words: string,
  ) => {
    setActing(item.id);
    setFailed(null);
    setDone(null);
    const result = await call();
    setActing(null);
    if (result.ok) {
      setLoad({ state: 'ready', queue: result.data });
      setDone(words);
    } else setFailed({ id: item.id, error: result.error });
  };
  const actions: ApprovalActions = {
    approve: (item) =>
      act(
        item,
        () => callMerchant((api) => api.approvals.approve({ id: item.id, revision: item.revision })),
        `Withdrawal #${item.id}: your approval is recorded.`,
      ),
    reject: (item, reason) =>
      act(
        item,
        () => callMerchant((api) => api.approvals.reject({ id: item.id, revision: item.revision, reason })),
        `Withdrawal #${item.id} is rejected; it will not be sent.`,
      ),
    send: async (item) => {
      setActing(item.id);
      setFailed(null);
      setDone(null);
      const result = await callMerchant((api) =>
        api.approvals.send({ id: item.id, revision: item.revision }),
      );
      setActing(null);
      if (!result.ok) return setFailed({ id: item.id, error: result.error, sending: true });
      setDone(sentWords(item, result.data));
      await refresh();
    },
  };

  if (!joined)
    return (
      <>
        <ScreenHeader title="Approvals" />
        <EmptyState title="Approvals are for a team’s ledger">
          <p>
            This desk records its money alone. Join a team in Settings → Team to approve withdrawals with
            others.
          </p>
        </EmptyState>
      </>
    );

  return (
    <>
      <ScreenHeader title="Approvals">
        <RefreshButton onClick={() => void refresh()} busy={refreshing} testId="approvals-refresh" />
      </ScreenHeader>
      <p className="muted">
        Withdrawals prepared on any desk of the team (on its Withdrawals screen) wait here for a second
        person. Approving or rejecting asks you to confirm in Merchant Desk&apos;s own window; an approval
        counts only for the revision you saw.
      </p>
      {changed && load.state === 'ready' && (
        <p role="status" data-testid="approvals-changed">
          The queue changed on the team’s ledger.{' '}
          <button type="button" className="button" onClick={() => void refresh()} disabled={refreshing}>
            Show the new queue
          </button>
        </p>
      )}
      {done && (
        <p role="status" data-testid="approvals-done">
          {done}
        </p>
      )}
      {load.state === 'loading' && <LoadingSkeleton label="Loading the approval queue…" />}
      {load.state === 'error' && (
        <ErrorNotice
          title="The approval queue could not be read."
          error={load.error}
          sent={NOTHING_SENT}
          onRetry={() => void refresh()}
          retrying={refreshing}
        />
      )}
      {load.state === 'ready' && load.queue.items.length === 0 && (
        <EmptyState title="Nothing waits for approval">
          <p>Withdrawals the team prepares appear here once submitted. Refresh to look again.</p>
        </EmptyState>
      )}
      {load.state === 'ready' && load.queue.items.length > 0 && (
        <ul className="approvals" data-testid="approvals-list">
          {load.queue.items.map((item) => (
            <ApprovalItem
              key={`${item.id}:${item.revision}`}
              item={item}
              names={names}
              busy={acting !== null}
              canApprove={load.queue.canApprove}
              error={failed?.id === item.id ? failed.error : null}
              sending={failed?.sending === true}
              actions={actions}
            />
          ))}
        </ul>
      )}
      {load.state === 'ready' && load.queue.canAudit && <AuditTrailExport />}
    </>
  );
}
