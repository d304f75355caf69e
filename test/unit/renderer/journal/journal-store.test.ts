import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE, useJournalStore } from '../../../../src-renderer/src/features/journal/journal-store';
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

/** Which page a request asked for, under the anchor TOTAL: by its cursor, or by its offset. */
const pageOf = ({ offset, before }: { offset: number; before?: number }) =>
  before === undefined ? offset / PAGE_SIZE : (TOTAL + 1 - before) / PAGE_SIZE;

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

  it('a new entry is counted, not slid in; a change re-reads only the pages in recent view', async () => {
    await useJournalStore.getState().open('sandbox');
    for (const page of [1, 2, 3, 4, 5, 6]) await useJournalStore.getState().ensurePage(page);
    newest = TOTAL + 1;
    const before = listCalls().length;
    await useJournalStore.getState().changed(String(TOTAL + 1));
    const reread = listCalls()
      .slice(before)
      .map((c) => pageOf(c.request as { offset: number; before?: number }));
    expect(reread.sort()).toEqual([0, 3, 4, 5, 6]);
    const state = useJournalStore.getState();
    expect(state.newer).toBe(1);
    expect(state.pages[0]![0]!.id).toBe(String(TOTAL));
    expect(Object.keys(state.pages).sort()).toEqual(['0', '3', '4', '5', '6']);
    await state.showNewer();
    expect(useJournalStore.getState()).toMatchObject({ anchor: TOTAL + 1, newer: 0 });
    expect(useJournalStore.getState().pages[0]![0]!.id).toBe(String(TOTAL + 1));
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
