import { describe, expect, it } from 'vitest';
import { readApprovalQueue } from '@main/app/approvals-queue';
import type { ApprovalState, ApprovalsStore } from '@main/storage/port/approvals';

const state = (entryId: number, preparedBy: string[]): ApprovalState => ({
  entryId,
  revision: 2,
  status: 'submitted',
  preparedBy,
  policyVersion: 1,
  decision: {
    rule: 3,
    name: 'big',
    action: 'require',
    approvals: 2,
    groups: ['finance'],
    facts: { usd: '80.00', destination: 'book', balance: null, windowCount: null, windowTotal: null },
  },
  required: 2,
  counted: 1,
  approvals: [{ person: 'bob', deskId: 'd-1', desk: 'Back office', at: '2026-11-26T09:00:00.000Z' }],
  usdRate: '1',
  submitted: { by: 'anna', at: '2026-11-26T08:59:00.000Z' },
  rejected: null,
});

function fakes(states: ApprovalState[]) {
  const store = {
    queue: async () => states,
    addressBook: async () => [
      {
        id: 1,
        coin: 'USDT',
        network: 'tron',
        address: 'TBook1',
        label: 'Supplier',
        addedBy: 'x',
        addedAt: '',
        approvedBy: 'y',
        approvedAt: '',
      },
      // Proposed, not approved: not a book address yet, so the queue does not name it.
      {
        id: 2,
        coin: 'usdt',
        network: 'tron',
        address: 'TNew',
        label: 'Proposed only',
        addedBy: 'x',
        addedAt: '',
        approvedBy: null,
        approvedAt: null,
      },
    ],
  } as unknown as ApprovalsStore;
  const rows = [
    {
      id: '5',
      environment: 'live',
      profile_id: 'p-live',
      coin: 'usdt',
      network: 'tron',
      amount: '80',
      to_address: 'TBook1',
      created_at: '2026-11-26T08:58:00.000Z',
    },
    {
      id: '6',
      environment: 'sandbox',
      profile_id: 'sandbox',
      coin: 'usdt',
      network: 'tron',
      amount: '9',
      to_address: 'TNew',
      created_at: '2026-11-26T08:57:00.000Z',
    },
    {
      id: '7',
      environment: 'sandbox',
      profile_id: 'sandbox',
      coin: null,
      network: null,
      amount: null,
      to_address: null,
      created_at: '2026-11-26T08:56:00.000Z',
    },
  ];
  const asked: unknown[][] = [];
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      asked.push(params);
      return rows as never;
    },
  };
  return { store, db, asked };
}

describe('the approval queue as the page sees it', () => {
  it('joins each waiting withdrawal with its pair, amount, full address and the book’s name, and marks its own', async () => {
    const { store, db, asked } = fakes([state(5, ['anna']), state(6, ['carl'])]);
    const items = await readApprovalQueue(store, db, 'anna');
    expect(asked).toEqual([[['5', '6']]]);
    expect(items[0]).toEqual({
      id: '5',
      revision: 2,
      preparedBy: ['anna'],
      preparedAt: '2026-11-26T08:58:00.000Z',
      submitted: { by: 'anna', at: '2026-11-26T08:59:00.000Z' },
      environment: 'live',
      profileId: 'p-live',
      coin: 'usdt',
      network: 'tron',
      amount: '80',
      usd: '80.00',
      address: 'TBook1',
      addressName: 'Supplier',
      approvals: [{ person: 'bob', desk: 'Back office', at: '2026-11-26T09:00:00.000Z' }],
      counted: 1,
      required: 2,
      groups: ['finance'],
      rule: 'rule 3, big',
      mine: true,
    });
    expect(items[1]).toMatchObject({ id: '6', addressName: null, mine: false });
  });

  it('leaves out an intent whose pair or address the ledger did not derive, and reads nothing for an empty queue', async () => {
    const { store, db } = fakes([state(7, ['anna'])]);
    expect(await readApprovalQueue(store, db, 'bob')).toEqual([]);
    const empty = fakes([]);
    expect(await readApprovalQueue(empty.store, empty.db, 'bob')).toEqual([]);
    expect(empty.asked).toEqual([]);
  });
});
