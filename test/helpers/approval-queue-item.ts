import type { ApprovalQueueItem } from '@contract';

export const QUEUE_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

/** A live withdrawal of anna's waiting for its second of two approvals (carl gave the first). */
export const queueItem = (extra: Partial<ApprovalQueueItem> = {}): ApprovalQueueItem => ({
  id: '41',
  revision: 2,
  preparedBy: ['anna'],
  preparedAt: '2026-11-26T08:58:00.000Z',
  submitted: { by: 'anna', at: '2026-11-26T08:59:00.000Z' },
  environment: 'live',
  profileId: 'p-live',
  coin: 'usdt',
  network: 'tron',
  amount: '1250.50',
  usd: '1250.75',
  address: QUEUE_ADDRESS,
  addressName: null,
  approvals: [{ person: 'carl', desk: 'Front office', at: '2026-11-26T09:01:00.000Z' }],
  counted: 1,
  required: 2,
  groups: ['finance'],
  rule: 'rule 2, big ones',
  mine: false,
  ...extra,
});
