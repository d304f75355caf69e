import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE, useJournalStore } from '@renderer/features/journal/journal-store';
import { installFakeMerchant, removeFakeMerchant, type FakeMerchant } from '../fake-merchant';
import { entry } from './journal-fixtures';

const initial = useJournalStore.getState();
const TOTAL = 1000;
let fake: FakeMerchant;
let newest = TOTAL;

/** A journal of TOTAL rows (ids TOTAL..1) answered page by page, like main under an anchor. */
function install() {
  fake = installFakeMerchant({
    'journal.page': (request) => {
      const {
        offset = 0,
        limit = 100,
        anchor,
        before,
        filter,
      } = request as {
        offset?: number;
        limit?: number;
        anchor?: number;
        before?: number;
        filter: { state?: string };
      };
      const top = anchor ?? newest;
      const start = before === undefined ? top : Math.min(top, before - 1);
      const ids = Array.from({ length: start }, (_, i) => start - i).slice(offset, offset + limit);
      const entries = filter.state ? [] : ids.map((id) => entry({ id: String(id) }));
      return {
        ok: true,
        data: { entries, total: filter.state ? 0 : top, anchor: top, newer: newest - top, pairs: [] },
      };
    },
  });
}

beforeEach(() => {
  useJournalStore.setState(initial, true);
  newest = TOTAL;
  install();
});
afterEach(() => removeFakeMerchant());

const listCalls = () =>
  fake.calls.filter((c) => c.channel === 'journal.page' && 'offset' in (c.request as object));

describe('journal store', () => {
  it('reads pages as they come into view, under one anchor', async () => {
    const store = useJournalStore.getState();
    await store.open('sandbox');
    expect(useJournalStore.getState()).toMatchObject({ total: TOTAL, anchor: TOTAL });
    await useJournalStore.getState().ensurePage(7);
    const pages = useJournalStore.getState().pages;
    expect(pages[7]![0]!.id).toBe(String(TOTAL - 7 * PAGE_SIZE));
    expect(listCalls().at(-1)!.request).toMatchObject({ offset: 700, anchor: TOTAL });
  });

  it('reads the page below a loaded one by keyset cursor, and a page reached by a jump by offset', async () => {
    await useJournalStore.getState().open('sandbox');
    await useJournalStore.getState().ensurePage(1);
    expect(listCalls().at(-1)!.request).toMatchObject({ before: TOTAL - PAGE_SIZE + 1, offset: 0 });
    expect(useJournalStore.getState().pages[1]![0]!.id).toBe(String(TOTAL - PAGE_SIZE));
    await useJournalStore.getState().ensurePage(7);
    expect(listCalls().at(-1)!.request).not.toHaveProperty('before');
    expect(listCalls().at(-1)!.request).toMatchObject({ offset: 7 * PAGE_SIZE });
  });

  it('a new entry is counted, not slid in, and a changed one takes its place: no page is read again', async () => {
    await useJournalStore.getState().open('sandbox');
    for (const page of [1, 2, 3, 4, 5, 6]) await useJournalStore.getState().ensurePage(page);
    newest = TOTAL + 1;
    const before = listCalls().length;
    const created = entry({ id: String(TOTAL + 1) });
    await useJournalStore.getState().changed(created);
    // A second change of the same new entry (its answer settled it) is not a second new entry.
    await useJournalStore.getState().changed({ ...created, state: 'unknown' });
    const moved = { ...entry({ id: String(TOTAL - 250) }), state: 'unknown' as const };
    await useJournalStore.getState().changed(moved);
    expect(listCalls().length).toBe(before);
    const state = useJournalStore.getState();
    expect(state.newer).toBe(1);
    expect(state.pages[0]![0]!.id).toBe(String(TOTAL));
    expect(state.pages[2]![50]).toEqual(moved);
    expect(Object.keys(state.pages)).toHaveLength(7);
    // Both unknown entries are pinned, newest first.
    expect(state.unknowns.map((e) => e.id)).toEqual([String(TOTAL + 1), String(TOTAL - 250)]);
    await state.showNewer();
    expect(useJournalStore.getState()).toMatchObject({ anchor: TOTAL + 1, newer: 0 });
    expect(useJournalStore.getState().pages[0]![0]!.id).toBe(String(TOTAL + 1));
  });

  it('ignores another profile’s entry, and under a filter lets main count a new one', async () => {
    await useJournalStore.getState().open('sandbox');
    const before = listCalls().length;
    await useJournalStore.getState().changed(entry({ id: String(TOTAL - 1), profileId: 'p-live' }));
    expect(useJournalStore.getState().pages[0]![1]!.profileId).toBe('sandbox');
    await useJournalStore.getState().setFilter({ coin: 'usdt' });
    const filtered = listCalls().length;
    newest = TOTAL + 1;
    await useJournalStore.getState().changed(entry({ id: String(TOTAL + 1) }));
    // One read of the first page, whose answer says how many newer entries match.
    expect(listCalls().length - filtered).toBe(1);
    expect(listCalls().length - before).toBe(2);
    expect(useJournalStore.getState().newer).toBe(1);
  });

  it('drops an answer for an older filter', async () => {
    await useJournalStore.getState().open('sandbox');
    const slow = useJournalStore.getState().ensurePage(9);
    await useJournalStore.getState().setFilter({ state: 'unknown' });
    await slow;
    expect(useJournalStore.getState()).toMatchObject({ total: 0 });
    expect(useJournalStore.getState().pages[9]).toBeUndefined();
  });
});
