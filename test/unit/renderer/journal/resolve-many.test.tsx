// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { JournalScreen } from '@renderer/features/journal/JournalScreen';
import { useJournalStore } from '@renderer/features/journal/journal-store';
import { useResolveManyStore } from '@renderer/features/journal/resolve-many-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import type { FakeMerchant } from '../fake-merchant';
import { entry, page } from './journal-fixtures';
import { layOutAsAWindow } from '../window-layout';

const shellInitial = useShellStore.getState();
const storeInitial = useJournalStore.getState();
const manyInitial = useResolveManyStore.getState();
let fake: FakeMerchant;
const unknowns = ['7', '6', '5'].map((id) => entry({ id, state: 'unknown' }));

function show(resolveMany: (request: { ids: string[] }) => unknown) {
  fake = installDomMerchant({
    'journal.page': (request) => {
      const filter = (request as { filter: { state?: string } }).filter;
      return page(filter.state === 'unknown' ? unknowns : [...unknowns]);
    },
    'journal.resolveMany': (request) => resolveMany(request as { ids: string[] }),
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<JournalScreen />);
}

beforeEach(() => {
  useJournalStore.setState(storeInitial, true);
  useResolveManyStore.setState(manyInitial, true);
});
layOutAsAWindow();

async function decideChosen(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByTestId('journal-many-decision');
  // Before a choice the button names no outcome.
  expect(screen.getByTestId('journal-many-decision-submit').textContent).toMatch(/^Record the decision/);
  await user.click(within(form).getByLabelText(/None of them was done/));
  await user.type(
    screen.getByTestId('journal-many-decision-reason'),
    'Not on the dashboard after the outage',
  );
  await user.type(screen.getByTestId('journal-many-decision-name'), 'Dana Ruiz');
  await user.click(screen.getByTestId('journal-many-decision-submit'));
}

describe('Journal: several unknowns decided at once', () => {
  it('chooses entries in the pinned list and sends one decision for them to main', async () => {
    show(({ ids }) => ({
      ok: true,
      data: {
        results: ids.map((id) => ({
          id,
          ok: true,
          entry: { ...unknowns.find((u) => u.id === id)!, state: 'resolved-not-performed' },
        })),
      },
    }));
    const user = userEvent.setup();
    const boxes = await screen.findAllByTestId('journal-pinned-choose');
    expect(boxes).toHaveLength(3);
    expect(screen.queryByTestId('journal-many-decision')).toBeNull();
    await user.click(boxes[0]!);
    await user.click(boxes[2]!);
    expect(screen.getByTestId('journal-many-decision').textContent).toContain(
      'Decide the 2 chosen entries together: #7 and #5',
    );
    await decideChosen(user);
    await waitFor(() =>
      expect(screen.getByTestId('journal-many-answer').textContent).toContain(
        'each of the 2 entries: #7 and #5',
      ),
    );
    expect(fake.calls.filter((c) => c.channel === 'journal.resolveMany').map((c) => c.request)).toEqual([
      {
        ids: ['7', '5'],
        performed: false,
        reason: 'Not on the dashboard after the outage',
        name: 'Dana Ruiz',
      },
    ]);
    // Decided entries leave the pinned list; the one left needs its own decision.
    expect(screen.getAllByTestId('journal-pinned-entry').map((b) => b.textContent)).toEqual([
      expect.stringContaining('#6'),
    ]);
  });

  it('a partial failure names the entries not resolved, which stay chosen and pinned', async () => {
    show(({ ids }) => ({
      ok: true,
      data: {
        results: ids.map((id) =>
          id === '6'
            ? {
                id,
                ok: false,
                message: 'Journal entry #6 is accepted; it cannot be resolved (only unknown entries are).',
              }
            : {
                id,
                ok: true,
                entry: { ...unknowns.find((u) => u.id === id)!, state: 'resolved-not-performed' },
              },
        ),
      },
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('journal-pinned-choose-all'));
    await decideChosen(user);
    const failed = await screen.findByTestId('journal-many-failed');
    expect(failed.textContent).toContain('1 entry was not resolved');
    expect(failed.textContent).toContain('#6: Journal entry #6 is accepted');
    expect(screen.getByTestId('journal-many-answer').textContent).toContain('#7 and #5');
    expect(screen.getByTestId('journal-many-decision').textContent).toContain('Decide the chosen entry #6');
  });

  it('a refused call changes nothing and says so', async () => {
    show(() => ({ ok: false, error: { kind: 'journal-locked', message: 'The journal is busy.' } }));
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('journal-pinned-choose-all'));
    await decideChosen(user);
    expect((await screen.findByText('The decision was not recorded.')).parentElement?.textContent).toContain(
      'every chosen entry is still unknown',
    );
    expect(screen.getAllByTestId('journal-pinned-entry')).toHaveLength(3);
  });
});
