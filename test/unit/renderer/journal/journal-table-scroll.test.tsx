// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { JournalTable, ROW_HEIGHT } from '@renderer/features/journal/JournalTable';
import { PAGE_SIZE, useJournalStore } from '@renderer/features/journal/journal-store';
import { installDomMerchant } from '../dom-merchant';
import { entry } from './journal-fixtures';
import { layOutAsAWindow } from '../window-layout';

const TOTAL = 1000;
const storeInitial = useJournalStore.getState();

/** Every page of a 1 000-entry journal already read, newest first: the list never waits for main. */
function loadedJournal() {
  const pages: Record<number, ReturnType<typeof entry>[]> = {};
  for (let p = 0; p < TOTAL / PAGE_SIZE; p++)
    pages[p] = Array.from({ length: PAGE_SIZE }, (_, k) =>
      entry({ id: String(TOTAL - (p * PAGE_SIZE + k)) }),
    );
  useJournalStore.setState({ total: TOTAL, anchor: TOTAL, pages });
}

beforeEach(() => {
  useJournalStore.setState(storeInitial, true);
});

layOutAsAWindow();

describe('Journal list while it scrolls (issue 14)', () => {
  it('rows coming into view are added without moving or resizing the rows already there', () => {
    loadedJournal();
    render(<JournalTable names={new Map()} brokenEntry={null} />);
    const frame = document.querySelector<HTMLElement>('[data-testid="journal-list"] .table-wrap')!;
    const body = screen.getByTestId('journal-table').querySelector('tbody')!;
    expect(screen.getAllByTestId('journal-row')[0]?.getAttribute('data-id')).toBe('1000');

    // Which rows a scroll changes the style of: with spacer rows above and below, every scroll
    // resized them and so moved every row in the table, which the browser then laid out again.
    const restyled: string[] = [];
    for (let step = 1; step <= 5; step++) {
      const before = new Map([...body.children].map((tr) => [tr, tr.getAttribute('style')]));
      act(() => {
        frame.scrollTop = step * ROW_HEIGHT * 10;
        frame.dispatchEvent(new Event('scroll'));
      });
      for (const [tr, style] of before)
        if (tr.isConnected && tr.getAttribute('style') !== style)
          restyled.push(`${style} -> ${tr.getAttribute('style')}`);
    }

    const rows = screen.getAllByTestId('journal-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toContain('950');
    expect([...restyled]).toEqual([]);
    // Each row sits where its index says, whatever else is in the page.
    for (const row of rows) {
      const index = Number(row.getAttribute('aria-rowindex')) - 2;
      expect(row.getAttribute('style')).toContain(`translateY(${index * ROW_HEIGHT}px)`);
    }
    expect(screen.getByTestId('journal-table').getAttribute('aria-rowcount')).toBe(String(TOTAL + 1));
  });

  it('reads the next page before its rows scroll into view', async () => {
    const fake = installDomMerchant({
      'journal.page': (request) => {
        const { before, offset = 0, limit } = request as { before?: number; offset?: number; limit: number };
        const start = before === undefined ? offset : TOTAL - before + 1;
        const entries = Array.from({ length: Math.min(limit, TOTAL - start) }, (_, k) =>
          entry({ id: String(TOTAL - start - k) }),
        );
        return { ok: true, data: { entries, total: TOTAL, anchor: TOTAL, newer: 0, pairs: [] } };
      },
    });
    loadedJournal();
    useJournalStore.setState((s) => ({ pages: { 0: s.pages[0]! } }));
    render(<JournalTable names={new Map()} brokenEntry={null} />);
    const frame = document.querySelector<HTMLElement>('[data-testid="journal-list"] .table-wrap')!;
    const asked = () => fake.calls.filter((c) => c.channel === 'journal.page').length;
    expect(asked()).toBe(0);

    // Rows 60 to about 75 in view: all on the first page, the second page is half a page away.
    await act(async () => {
      frame.scrollTop = 60 * ROW_HEIGHT;
      frame.dispatchEvent(new Event('scroll'));
      await Promise.resolve();
    });
    expect(asked()).toBe(1);
    expect(useJournalStore.getState().pages[1]?.[0]?.id).toBe(String(TOTAL - PAGE_SIZE));
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
