import { afterEach, describe, expect, it } from 'vitest';
import { offlineTeamJournal } from '@main/app/modules/team-offline-journal';
import { NotRecordedError } from '@main/storage/port/errors';
import { openLocalCopy, type LocalCopy, type SyncedRow } from '@main/team/local-copy';
import { openSqliteTeamCopy } from '@main/storage/sqlite/team-copy';

const DESK = '2b1c5f0e-8a4d-4c1e-9f7a-3d2e1c0b9a87';
const WORDS = 'The team ledger is unreachable: nothing can be sent until it is back.';

/** A row as `SELECT * FROM md.entries` gives it (ids and sequences come back from pg as text). */
function row(id: number, state: string, extra: Partial<SyncedRow> = {}): SyncedRow {
  return {
    id: String(id),
    change_seq: String(id),
    operation: 'createWithdrawal',
    profile_id: 'sandbox',
    environment: 'sandbox',
    state,
    request_body: '{}',
    order_id: null,
    coin: 'USDT',
    network: 'TRON',
    amount: `${id}.5`,
    to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    invoice_code: null,
    invoice_id: null,
    withdrawal_id: null,
    wallet_id: null,
    card_order_id: null,
    response_json: null,
    error_json: null,
    settlement: null,
    invoice_status: null,
    override_reason: null,
    resolution_json: null,
    created_at: `2026-11-2${id}T10:00:00.000Z`,
    updated_at: `2026-11-2${id}T10:00:00.000Z`,
    desk_id: DESK,
    created_by: 'ada',
    ...extra,
  };
}

let copy: LocalCopy;
afterEach(() => copy?.close());

function offline() {
  copy = openLocalCopy(openSqliteTeamCopy(null));
  copy.apply(
    [row(1, 'accepted', { settlement: 'pending' }), row(2, 'unknown'), row(3, 'intent'), row(4, 'rejected')],
    { seq: 4, hash: 'h' },
    '2026-11-26T05:00:00.000Z',
  );
  return offlineTeamJournal(copy, DESK, () => WORDS);
}

describe('the team ledger offline: the local copy, read-only', () => {
  it('shows the copy’s entries newest first, never an intent, with the port’s filters and paging', async () => {
    const journal = offline();
    expect((await journal.list()).map((e) => e.id)).toEqual([4, 2, 1]);
    expect(await journal.get(3)).toBeNull();
    expect((await journal.get(2))?.state).toBe('unknown');
    expect((await journal.findUnknown()).map((e) => e.id)).toEqual([2]);
    const page = await journal.page({ state: 'accepted' }, { offset: 0, limit: 10 });
    expect(page.entries.map((e) => e.id)).toEqual([1]);
    const first = await journal.page({}, { offset: 0, limit: 2 });
    expect(first).toMatchObject({ total: 3, anchor: 4, newer: 0 });
    expect(first.entries.map((e) => e.id)).toEqual([4, 2]);
    expect((await journal.page({ text: '2.5' }, { offset: 0, limit: 10 })).entries.map((e) => e.id)).toEqual([
      2,
    ]);
    const open = await journal.openEntries('sandbox');
    expect(open.unknown.map((e) => e.id)).toEqual([2]);
    expect(open.settling.map((e) => e.id)).toEqual([1]);
  });

  it('refuses every write in the words it is given (nothing claimed, sent or resolved) and holds an answer', async () => {
    const journal = offline();
    await expect(journal.begin('createWithdrawal', {} as never)).rejects.toMatchObject({
      kind: 'journal-write-failed',
      message: WORDS,
    });
    await expect(journal.resolve(2, {} as never)).rejects.toMatchObject({ message: WORDS });
    // An answer that arrives now must be held for later (NotRecordedError), never dropped.
    await expect(journal.settle(1, {} as never)).rejects.toBeInstanceOf(NotRecordedError);
    expect(await journal.verifyChain()).toEqual({ ok: false, brokenAt: { reason: WORDS } });
  });
});
