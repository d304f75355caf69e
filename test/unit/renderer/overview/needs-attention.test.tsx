// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MoneyInItem } from '@contract';
import { OverviewScreen } from '@renderer/features/overview/OverviewScreen';
import { useAttentionStore } from '@renderer/features/overview/attention-store';
import { useOverviewStore } from '@renderer/features/overview/overview-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { useTeamStore } from '@renderer/stores/team-store';
import { JOINED } from '../team-fixtures';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import type { FakeMerchant } from '../fake-merchant';
import { entry, page } from '../journal/journal-fixtures';

const shellInitial = useShellStore.getState();
const overviewInitial = useOverviewStore.getState();
const attentionInitial = useAttentionStore.getState();
let fake: FakeMerchant;

const deposit: MoneyInItem = {
  key: 'wallet:w-7:tx',
  kind: 'wallet-deposit',
  coin: 'usdt',
  network: 'tron',
  amount: '250',
  at: '2026-11-26T00:40:00.000Z',
  txHash: null,
  walletId: 'w-7',
  invoiceId: null,
  entryId: '12',
  paid: null,
  fee: null,
  feeSource: null,
  txHashes: [],
  explorer: 'no-hash',
};

const withdrawals = [
  entry({ id: '9', settlement: 'processing' }),
  entry({ id: '8', settlement: null }),
  entry({ id: '7', settlement: 'completed' }),
  entry({ id: '6', state: 'rejected' }),
  entry({ id: '5', state: 'resolved-performed', settlement: 'failed' }),
];
const invoice = (id: string, state: 'accepted' | 'unknown', invoiceStatus?: string) =>
  entry({ id, operation: 'createInvoice', state, fields: invoiceStatus ? { invoiceStatus } : {} });
const invoices = [
  invoice('4', 'accepted'),
  invoice('3', 'accepted', 'partial'),
  invoice('2', 'accepted', 'paid'),
  invoice('1', 'unknown'),
];

function show(unknownTotal: number) {
  fake = installDomMerchant({
    'balances.get': () => ({
      ok: true,
      data: { rows: [], totalUsd: '0', fetchedAt: '2026-11-26T05:00:00.000Z', raw: {} },
    }),
    'balances.history': () => ({ ok: true, data: { points: [] } }),
    'journal.page': (request) => {
      const { filter } = request as { filter: { state?: string; operation?: string } };
      if (filter.state === 'unknown') return page([], { total: unknownTotal });
      return page(filter.operation === 'createInvoice' ? invoices : withdrawals);
    },
    'moneyIn.list': () => ({ ok: true, data: { items: [deposit], total: 3 } }),
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<OverviewScreen />);
}

beforeEach(() => {
  useOverviewStore.setState(overviewInitial, true);
  useAttentionStore.setState(attentionInitial, true);
});
afterEach(cleanup);

describe('Overview: needs attention and shortcuts', () => {
  it('counts unknowns, withdrawals in flight, invoices awaiting payment and recent money in, each with its link', async () => {
    show(2);
    const card = await screen.findByTestId('needs-attention');
    await waitFor(() =>
      expect(within(card).getByTestId('attention-unknowns').textContent).toContain('2 outcomes are unknown'),
    );
    const line = (id: string) => within(card).getByTestId(id);
    expect(line('attention-unknowns').className).toContain('attention__line--unknown');
    expect(line('attention-unknowns').querySelector('a')?.getAttribute('href')).toBe('#/journal');
    // Processing and not yet heard of are in flight; completed, failed and refused are not.
    expect(line('attention-in-flight').textContent).toContain('2 withdrawals sent and not yet completed');
    // Created and not heard of, and partly paid, are payable; paid and unknown are not counted.
    expect(line('attention-open-invoices').textContent).toContain('2 invoices awaiting payment');
    expect(line('attention-money-in').textContent).toMatch(
      /3 received in the last 24 hours; the newest 250\sUSDT/,
    );
    const since = fake.calls.find((c) => c.channel === 'moneyIn.list')?.request as { from: string };
    expect(Date.now() - Date.parse(since.from)).toBeGreaterThanOrEqual(24 * 3600_000 - 60_000);
  });

  it('offers New invoice and New withdrawal from the Overview', async () => {
    show(0);
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(within(shortcuts).getByText('New invoice').getAttribute('href')).toBe('#/invoices');
    expect(within(shortcuts).getByText('New withdrawal').getAttribute('href')).toBe('#/withdrawals');
    await waitFor(() =>
      expect(screen.getByTestId('attention-unknowns').textContent).toBe(
        'No outcome is unknown. Decide in the Journal',
      ),
    );
  });

  it('offers a shortcut only to a form this person is offered (a team viewer gets neither)', async () => {
    const teamInitial = useTeamStore.getState();
    useTeamStore.setState({ status: { ...JOINED, refused: { invoices: 'No.', withdrawals: 'No.' } } });
    show(0);
    expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).toBeNull();
    cleanup();
    useTeamStore.setState({ status: { ...JOINED, refused: { withdrawals: 'No.' } } });
    show(0);
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(shortcuts.textContent).toBe('New invoice');
    useTeamStore.setState(teamInitial, true);
    await screen.findByTestId('attention-unknowns');
  });

  it('reads again when a journal entry changes and on Refresh', async () => {
    show(0);
    await screen.findByTestId('attention-unknowns');
    const reads = () => fake.calls.filter((c) => c.channel === 'moneyIn.list').length;
    const before = reads();
    fake.emit('journal:changed', entry({ id: '10', state: 'unknown' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
    await userEvent.click(screen.getByRole('button', { name: /^Refresh/ }));
    await waitFor(() => expect(reads()).toBe(before + 2));
  });
});
