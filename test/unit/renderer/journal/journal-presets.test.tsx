// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { JournalScreen } from '@renderer/features/journal/JournalScreen';
import { useJournalStore } from '@renderer/features/journal/journal-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import type { FakeMerchant } from '../fake-merchant';
import { entry, page } from './journal-fixtures';
import { layOutAsAWindow } from '../window-layout';

const shellInitial = useShellStore.getState();
const storeInitial = useJournalStore.getState();
let fake: FakeMerchant;
layOutAsAWindow();

beforeEach(() => {
  useJournalStore.setState(storeInitial, true);
  fake = installDomMerchant({ 'journal.page': () => page([entry({ id: '1' })]) });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<JournalScreen />);
});

const lastFilter = () =>
  fake.calls.filter((c) => c.channel === 'journal.page' && 'offset' in (c.request as object)).at(-1)
    ?.request as { filter: Record<string, string> } | undefined;

describe('Journal: quick periods', () => {
  it('"Last month" asks main for its local days as UTC bounds, end day included, and shows as chosen', async () => {
    await screen.findAllByTestId('journal-row');
    const now = new Date();
    await userEvent.click(screen.getByTestId('journal-filter-presets-last-month'));
    await waitFor(() =>
      expect(lastFilter()?.filter).toEqual({
        profileId: 'sandbox',
        from: new Date(now.getFullYear(), now.getMonth() - 1, 1).toISOString(),
        to: new Date(now.getFullYear(), now.getMonth(), 1).toISOString(),
      }),
    );
    expect(screen.getByTestId('journal-filter-presets-last-month').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('journal-filter-presets-today').getAttribute('aria-pressed')).toBe('false');
  });

  it('"Yesterday" keeps the other filters and fills both day fields', async () => {
    await screen.findAllByTestId('journal-row');
    await userEvent.selectOptions(screen.getByTestId('journal-filter-state'), 'unknown');
    await userEvent.click(screen.getByTestId('journal-filter-presets-yesterday'));
    const now = new Date();
    await waitFor(() =>
      expect(lastFilter()?.filter).toEqual({
        profileId: 'sandbox',
        state: 'unknown',
        from: new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).toISOString(),
        to: new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString(),
      }),
    );
    const from = (screen.getByTestId('journal-filter-from') as HTMLInputElement).value;
    expect(from).toBe((screen.getByTestId('journal-filter-to') as HTMLInputElement).value);
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
