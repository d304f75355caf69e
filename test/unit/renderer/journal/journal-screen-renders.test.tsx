// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JournalScreen } from '@renderer/features/journal/JournalScreen';
import { useJournalStore } from '@renderer/features/journal/journal-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import { entry, page } from './journal-fixtures';
import { layOutAsAWindow } from '../window-layout';

// Counts renders of a child the screen renders with the same props each time: it renders again only
// when the screen itself does.
const filterRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@renderer/features/journal/JournalFilters', () => ({
  JournalFilters: () => {
    filterRenders.count++;
    return null;
  },
}));

const shellInitial = useShellStore.getState();
const storeInitial = useJournalStore.getState();

beforeEach(() => {
  useJournalStore.setState(storeInitial, true);
});

layOutAsAWindow();

describe('Journal screen while the list pages (issue 14)', () => {
  it('a page of the list arriving re-renders the list, not the whole screen', async () => {
    installDomMerchant({ 'journal.page': () => page([entry({ id: '2' }), entry({ id: '1' })]) });
    useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
    render(<JournalScreen />);
    await screen.findAllByTestId('journal-row');
    const before = filterRenders.count;
    for (let index = 1; index <= 3; index++)
      act(() => useJournalStore.setState((s) => ({ pages: { ...s.pages, [index]: [] } })));
    expect(filterRenders.count).toBe(before);
  });
});
