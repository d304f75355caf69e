import { useEffect } from 'react';
import { useApprovalsWaiting, useApprovalsWaitingCount } from '../stores/approvals-waiting-store';

/**
 * The count beside the Approvals navigation item, which is listed only while this desk is on a team:
 * team code, loaded lazily by the navigation. Leaving the team unlists the item and forgets the count,
 * so another team's never shows for a moment.
 */
export function ApprovalsWaitingCount() {
  const waiting = useApprovalsWaitingCount(true);
  useEffect(() => () => useApprovalsWaiting.getState().clear(), []);
  if (waiting === 0) return null;
  return (
    <>
      {' '}
      <span className="nav__count" aria-hidden="true" data-testid="nav-approvals-count">
        {waiting}
      </span>
      <span className="visually-hidden"> ({waiting} waiting for your approval)</span>
    </>
  );
}
