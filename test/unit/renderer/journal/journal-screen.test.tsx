// @vitest-environment happy-dom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JournalScreen } from '@renderer/features/journal/JournalScreen';
import { dayStart } from '@renderer/lib/day-start';
import { useJournalStore } from '@renderer/features/journal/journal-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { useTeamStore } from '@renderer/stores/team-store';
import { JOINED } from '../team-fixtures';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import type { FakeMerchant } from '../fake-merchant';
import { details, entry, page } from './journal-fixtures';
import { layOutAsAWindow } from '../window-layout';

const shellInitial = useShellStore.getState();
const storeInitial = useJournalStore.getState();
let fake: FakeMerchant;

const rows = [
  entry({ id: '3', state: 'unknown' }),
  entry({ id: '2', state: 'rejected', damage: ['The recorded answer cannot be read.'] }),
  entry({ id: '1', operation: 'createInvoice', fields: { orderId: 'ORDER-1', amount: '25.00' } }),
];

function show(handlers: Record<string, (request: unknown) => unknown> = {}) {
  fake = installDomMerchant({
    'journal.page': (request) => {
      const filter = (request as { filter: { state?: string } }).filter;
      return page(filter.state ? rows.filter((r) => r.state === filter.state) : rows);
    },
    'journal.entry': (request) => {
      const e = rows.find((r) => r.id === (request as { id: string }).id)!;
      return { ok: true, data: details(e) };
    },
    ...handlers,
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<JournalScreen />);
}

/** The list's own page requests (the pinned unknowns are asked for separately, without an offset). */
const pageCalls = () =>
  fake.calls
    .filter((c) => c.channel === 'journal.page' && 'offset' in (c.request as object))
    .map((c) => (c.request as { filter: object }).filter);

beforeEach(() => {
  useJournalStore.setState(storeInitial, true);
});

layOutAsAWindow();

describe('Journal screen: whose requests it lists', () => {
  it('this desk’s alone, and on a team every desk’s (they share one ledger)', async () => {
    show();
    expect(await screen.findByText(/^Every request sent from this desk for this profile/)).toBeTruthy();
    act(() => useTeamStore.setState({ status: JOINED }));
    expect(screen.getByText(/^Every request sent from the team’s desks for this profile/)).toBeTruthy();
    act(() => useTeamStore.setState({ status: null }));
  });
});

describe('Journal screen: list and filters', () => {
  it('lists every row newest first, flags a damaged one without hiding the others, pins the unknown', async () => {
    show();
    const list = await screen.findAllByTestId('journal-row');
    expect(list.map((r) => r.getAttribute('data-id'))).toEqual(['3', '2', '1']);
    expect(within(list[1]!).getByTestId('journal-row-damaged')?.textContent).toContain('Damaged row');
    expect(within(list[0]!).getByText('Unknown')).toBeTruthy();
    expect(list[2]?.textContent).toContain('25.00\u00a0USD');
    expect(list[0]?.textContent).toContain('125.50\u00a0USDT · tron');
    expect(screen.getByTestId('journal-pinned')?.textContent).toContain('1 entry needs a decision');
    expect(screen.getByTestId('journal-screen').querySelector('.env-note')?.textContent).toContain('SANDBOX');
  });

  it('asks main for the filtered rows of the active profile; the end day is included', async () => {
    show();
    await screen.findAllByTestId('journal-row');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('journal-filter-state'), 'unknown');
    await waitFor(() => expect(screen.getAllByTestId('journal-row')).toHaveLength(1));
    expect(pageCalls().at(-1)).toEqual({ state: 'unknown', profileId: 'sandbox' });
    await user.selectOptions(screen.getByTestId('journal-filter-pair'), 'usdt:tron');
    await waitFor(() => expect(pageCalls().at(-1)).toMatchObject({ coin: 'usdt', network: 'tron' }));
    await user.type(screen.getByTestId('journal-filter-from'), '2026-11-20');
    await user.type(screen.getByTestId('journal-filter-to'), '2026-11-21');
    await waitFor(() =>
      expect(pageCalls().at(-1)).toMatchObject({ from: dayStart('2026-11-20'), to: dayStart('2026-11-22') }),
    );
    expect(screen.getByTestId('journal-count')?.textContent).toContain('match the filters');
  });

  it('waits for a pause in typing, and refuses a period that ends before it starts without asking main', async () => {
    show();
    await screen.findAllByTestId('journal-row');
    const user = userEvent.setup();
    const before = pageCalls().length;
    await user.type(screen.getByTestId('journal-filter-text'), "' OR 1=1");
    await waitFor(() => expect(pageCalls().at(-1)).toMatchObject({ text: "' OR 1=1" }));
    expect(pageCalls().length - before).toBeLessThanOrEqual(2);
    const calls = pageCalls().length;
    await user.type(screen.getByTestId('journal-filter-from'), '2026-11-21');
    await waitFor(() => expect(pageCalls().length).toBe(calls + 1));
    await user.type(screen.getByTestId('journal-filter-to'), '2026-11-20');
    expect((await screen.findByRole('alert')).textContent).toContain('The last day is before the first');
    // Put right, the period is asked for; no call before it carried the reversed one.
    await user.clear(screen.getByTestId('journal-filter-to'));
    await user.type(screen.getByTestId('journal-filter-to'), '2026-11-22');
    await waitFor(() =>
      expect(pageCalls().at(-1)).toMatchObject({ from: dayStart('2026-11-21'), to: dayStart('2026-11-23') }),
    );
    expect(pageCalls().map((filter) => (filter as { to?: string }).to)).not.toContain(dayStart('2026-11-21'));
  });

  it('moves between rows with the arrow keys and opens one with Enter', async () => {
    show();
    const user = userEvent.setup();
    const first = await screen.findByRole('button', { name: /Withdrawal #3/ });
    first.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Withdrawal #2'));
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Invoice #1'));
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(useJournalStore.getState().selectedId).toBe('2'));
  });

  it('counts new entries instead of sliding them under the reader, and shows them when asked', async () => {
    show();
    await screen.findAllByTestId('journal-row');
    useJournalStore.setState({ newer: 2 });
    const button = await screen.findByTestId('journal-show-newer');
    expect(button.closest('p')?.textContent).toContain('2 new entries since this list was opened.');
    await userEvent.setup().click(button);
    await waitFor(() => expect(screen.queryByTestId('journal-show-newer')).toBeNull());
  });
});

describe('Journal screen: details panel', () => {
  it('opens an entry: signed body, history in words, the chain up to it; Close returns focus to the row', async () => {
    show();
    const user = userEvent.setup();
    const closeWindow = vi.spyOn(window, 'close').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: /Invoice #1, Created: open details/ }));
    const panel = await screen.findByTestId('journal-details');
    await within(panel).findByTestId('journal-signed-body');
    expect(within(panel).getByTestId('journal-signed-body')?.textContent).toContain(
      '{"network":"tron","coin":"usdt"',
    );
    expect(within(panel).getByTestId('journal-timeline')?.textContent).toContain(
      'Recorded, then sent to the service.',
    );
    expect(within(panel).getByTestId('journal-entry-chain')?.textContent).toContain(
      'Chain verified up to this entry · 2 events',
    );
    expect(panel?.textContent).toContain('The API key and the signature are never stored.');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('journal-details')).toBeNull();
    expect(closeWindow).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Invoice #1, Created/ }));
  });

  it('an unknown entry: no evidence; the decision needs a choice, a reason and a name, then records who and why', async () => {
    const resolved = { ...rows[0]!, state: 'resolved-performed' as const };
    show({
      'journal.resolve': () => ({ ok: true, data: resolved }),
    });
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('journal-pinned')).getByTestId('journal-pinned-entry'));
    const form = await screen.findByTestId('journal-decision');
    expect(screen.getByTestId('journal-no-evidence')?.textContent).toContain('No evidence has arrived');
    await user.click(within(form).getByTestId('journal-decision-submit'));
    expect(within(form).getByText('Choose whether it was done.')).toBeTruthy();
    expect(within(form).getByText(/Say who is deciding/)).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText(/It was done/));
    expect(fake.calls.some((c) => c.channel === 'journal.resolve')).toBe(false);

    await user.click(within(form).getByLabelText(/It was not/));
    await user.type(within(form).getByTestId('journal-decision-reason'), 'Support confirmed none exists.');
    await user.type(within(form).getByTestId('journal-decision-name'), 'Dana Ruiz');
    await user.click(within(form).getByRole('button', { name: 'Record as not done' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'journal.resolve')?.request).toEqual({
        id: '3',
        performed: false,
        reason: 'Support confirmed none exists.',
        name: 'Dana Ruiz',
      }),
    );
  });

  it('offers a kept verified webhook as evidence, resolved in one click', async () => {
    const webhook = {
      deliveryId: 'd-1',
      event: 'withdrawal.success',
      withdrawalId: 'WD-9',
      summary:
        'A verified withdrawal.success webhook for withdrawal WD-9 names the same coin, network, address and amount.',
    };
    show({
      'journal.entry': () => ({
        ok: true,
        data: details(rows[0]!, { evidence: { webhooks: [webhook], invoiceCheck: false } }),
      }),
      'journal.resolveEvidence': () => ({ ok: true, data: { ...rows[0]!, state: 'resolved-performed' } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Withdrawal #3, Unknown/ }));
    const evidence = await screen.findByTestId('journal-evidence-webhook');
    expect(evidence?.textContent).toContain('withdrawal WD-9');
    await user.click(within(evidence).getByRole('button', { name: 'Resolve as done by this webhook' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'journal.resolveEvidence')?.request).toEqual({
        id: '3',
        deliveryId: 'd-1',
      }),
    );
  });

  it('a chain broken before the entry says so and links to where it breaks', async () => {
    show({
      'journal.entry': () => ({
        ok: true,
        data: details(rows[2]!, {
          chain: {
            ok: false,
            events: 0,
            head: null,
            reason: 'entry differs from its last recorded event',
            brokenEntry: '2',
          },
        }),
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Invoice #1/ }));
    const chain = await screen.findByTestId('journal-entry-chain');
    expect(chain?.textContent).toContain('The chain does not verify up to this entry.');
    await act(async () => {
      await user.click(within(chain).getByRole('button', { name: /Open entry #2/ }));
    });
    await waitFor(() => expect(useJournalStore.getState().selectedId).toBe('2'));
  });
});

describe('Journal screen: chain check and export', () => {
  it('a broken chain names the first entry where it breaks and opens it; the row is flagged', async () => {
    show({
      'journal.verifyChain': () => ({
        ok: true,
        data: {
          ok: false,
          brokenAt: 'entry differs from its last recorded event (edited outside the app) (event ?, entry 1)',
          brokenEntry: '1',
          checked: 0,
          head: null,
        },
      }),
    });
    const user = userEvent.setup();
    await screen.findAllByTestId('journal-row');
    await user.click(screen.getByTestId('journal-verify'));
    const result = await screen.findByTestId('journal-verify-result');
    expect(result.textContent).toContain('The journal’s chain breaks at entry #1');
    expect(screen.getAllByTestId('journal-row')[2]!.getAttribute('data-damaged')).toBe('true');
    await user.click(within(result).getByRole('button', { name: 'Open entry #1' }));
    await waitFor(() => expect(useJournalStore.getState().selectedId).toBe('1'));
  });

  it('an intact chain reads "Journal intact" with its count; a failed export says no file was left behind', async () => {
    show({
      'journal.verifyChain': () => ({
        ok: true,
        data: { ok: true, brokenAt: null, checked: 1284, head: 'cd'.repeat(32) },
      }),
      'journal.exportCsv': () => ({
        ok: false,
        error: { kind: 'internal', message: 'The export could not be saved to /x.csv (EACCES).' },
      }),
    });
    const user = userEvent.setup();
    await screen.findAllByTestId('journal-row');
    await user.click(screen.getByTestId('journal-verify'));
    expect((await screen.findByTestId('journal-verify-result')).textContent).toContain(
      'Journal intact · 1,284 events checked',
    );
    await user.click(screen.getByTestId('journal-export'));
    const notice = await screen.findByTestId('error-notice');
    expect(notice.textContent).toContain('The export was not saved.');
    expect(notice.textContent).toContain('No file was left behind');
    expect(fake.calls.find((c) => c.channel === 'journal.exportCsv')?.request).toEqual({
      profileId: 'sandbox',
    });
  });
});

describe('Journal screen: a settled entry after an unknown outcome', () => {
  it('shows its final state, with the error from before its outcome was known folded away', async () => {
    const settled = entry({
      id: '5',
      state: 'resolved-performed',
      settlement: 'completed',
      error: { kind: 'transport', message: 'The connection was reset.', details: { notSent: false } },
    });
    fake = installDomMerchant({
      'journal.page': () => page([settled]),
      'journal.entry': () => ({ ok: true, data: details(settled) }),
    });
    useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
    render(<JournalScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /#5.*open details/ }));
    const panel = await screen.findByTestId('journal-details');
    await within(panel).findByTestId('journal-signed-body');
    expect(within(panel).getByTestId('journal-entry-final').textContent).toContain(
      'Completed: the service reported it sent.',
    );
    expect(within(panel).queryByText('Error as recorded')).toBeNull();
    // The old transport error is kept, but only inside a closed disclosure, never as the current state.
    const earlier = within(panel).getByTestId('journal-entry-earlier-error') as HTMLDetailsElement;
    expect(earlier.open).toBe(false);
    expect(earlier.textContent).toContain('The connection was reset.');
    const outside = Array.from(panel.querySelectorAll('dt')).filter((dt) => !earlier.contains(dt));
    expect(outside.map((dt) => dt.textContent)).not.toContain('Not sent');
  });
});
