// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { JournalScreen } from '@renderer/features/journal/JournalScreen';
import { useJournalStore } from '@renderer/features/journal/journal-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import { entry, page } from './journal-fixtures';
import { layOutAsAWindow } from '../window-layout';

const shellInitial = useShellStore.getState();
const storeInitial = useJournalStore.getState();
const rows = [entry({ id: '3' }), entry({ id: '2' }), entry({ id: '1' })];

function show(extra: Record<string, unknown>) {
  installDomMerchant({ 'journal.page': () => page(rows, extra) });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<JournalScreen />);
}

const newerNote = () => screen.getByTestId('journal-show-newer').closest('p')?.textContent;

beforeEach(() => useJournalStore.setState(storeInitial, true));

layOutAsAWindow();

// The team ledger stops counting a little past the page at a million entries (issue 27).
it('says "more than" where main stopped counting, and the plain count where it did not', async () => {
  show({ total: 1100, totalIsCapped: true, newer: 1000, newerIsCapped: true });
  await waitFor(() =>
    expect(screen.getByTestId('journal-count').textContent).toContain('more than 1,100 entries'),
  );
  expect(screen.getByTestId('journal-export').textContent).toBe('Export more than 1,100 rows (CSV)');
  expect(newerNote()).toContain('more than 1,000 new entries since');
  expect(
    screen.getByTestId('journal-list').querySelector('table, [role="table"]')?.textContent ?? '',
  ).not.toBe('');
});

it('an exact count stays a plain number', async () => {
  show({ total: 3, newer: 1 });
  await waitFor(() => expect(screen.getByTestId('journal-count').textContent).toBe('3 entries'));
  expect(screen.getByTestId('journal-export').textContent).toBe('Export 3 rows (CSV)');
  expect(newerNote()).toContain('1 new entry since');
});
