import type { ApprovalQueueItem, TeamStatus } from '@contract';
export { QUEUE_ADDRESS, queueItem } from '@test/helpers/approval-queue-item';

/** The team's screens' shared facts: bob, a viewer on desk "Back office", online. */
export const JOINED: TeamStatus = {
  joined: true,
  server: 'db.example.com:5432/ledger',
  person: 'bob',
  role: 'viewer',
  desk: 'Back office',
  connection: 'online',
  asOf: null,
  words: 'online',
};

/** The same team, seen from an operator's desk. */
export const JOINED_OPERATOR: TeamStatus = {
  ...JOINED,
  person: 'anna',
  role: 'operator',
  desk: 'Front office',
};

/** approvals:queue's answer with these items, to an approver. */
export const queueAnswer = (...items: ApprovalQueueItem[]) => ({
  ok: true,
  data: { items, canApprove: true, canAudit: false },
});
