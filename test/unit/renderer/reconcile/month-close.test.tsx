// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CloseSteps, ReconSessionView } from '@contract';
import { ReconcileScreen } from '@renderer/features/reconcile/ReconcileScreen';
import { lastMonth, monthPeriod, useReconcileStore } from '@renderer/features/reconcile/reconcile-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';

const shellInitial = useShellStore.getState();
const storeInitial = useReconcileStore.getState();
const period = monthPeriod(lastMonth())!;
const GAP_WORDS = 'no balance seen between 1 Oct 2026 00:00 UTC and 26 Nov 2026 00:32 UTC';

const gapItem = (reviewed: boolean): ReconSessionView['items'][number] => ({
  key: 'coverage:usdt:tron',
  kind: 'coverage-gap',
  title: `${GAP_WORDS} (USDT · tron)`,
  detail: 'The desk kept no balance within 60 minutes of the period’s start.',
  entryId: null,
  ref: null,
  review: reviewed ? { note: 'desk installed on 26 Nov', by: 'Dana', at: '2026-11-26T03:00:00.000Z' } : null,
  blocking: true,
});

function session(reviewed: boolean, snapshotNowCovers = false): ReconSessionView {
  const steps: CloseSteps = {
    coverage: {
      status: reviewed ? 'exceptions' : 'action',
      assets: [
        {
          coin: 'usdt',
          network: 'tron',
          start: { seen: false, snapshotAt: '2026-11-26T00:32:00.000Z' },
          end: { seen: !snapshotNowCovers, snapshotAt: '2026-11-26T00:32:00.000Z' },
          itemKey: 'coverage:usdt:tron',
          snapshotNowCovers,
        },
      ],
    },
    openItems: { status: 'clear', keys: [] },
    differences: { status: 'clear', keys: [] },
    next: reviewed ? 'close' : 'coverage',
    cleanClose: false,
  };
  return {
    id: '3',
    profileId: 'sandbox',
    environment: 'sandbox',
    period,
    state: 'open',
    startedAt: '2026-11-26T03:00:00.000Z',
    asOf: '2026-11-26T03:00:00.000Z',
    lines: [],
    items: [gapItem(reviewed)],
    exceptions: [`${GAP_WORDS} (USDT · tron)`],
    closed: null,
    chain: { ok: true, head: 'ab'.repeat(32), events: 4 },
    steps,
  };
}

function show(extra: Record<string, (request: unknown) => unknown> = {}) {
  const fake = installDomMerchant({
    'reconcile.list': () => ({ ok: true, data: { sessions: [] } }),
    'reconcile.start': () => ({ ok: true, data: session(false) }),
    'reconcile.review': () => ({ ok: true, data: session(true) }),
    ...extra,
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<ReconcileScreen />);
  return fake;
}

beforeEach(() => useReconcileStore.setState(storeInitial, true));
afterEach(cleanup);

describe('guided month-end close', () => {
  it('checks coverage first; a gap needs a reason before the next step, and the close is never clean', async () => {
    const fake = show();
    await userEvent.click(screen.getByTestId('recon-month-open'));
    expect((screen.getByTestId('recon-month') as HTMLInputElement).value).toBe(lastMonth());
    await userEvent.click(screen.getByTestId('recon-month-start'));
    expect(fake.calls.find((c) => c.channel === 'reconcile.start')?.request).toEqual(period);

    const coverage = await screen.findByTestId('recon-step-coverage');
    expect(coverage.dataset.status).toBe('action');
    const bounds = within(coverage).getAllByTestId('recon-bound');
    expect(bounds.map((b) => b.dataset.seen)).toEqual(['false', 'true']);
    expect(within(coverage).queryByTestId('recon-snapshot-now')).toBeNull();
    expect((screen.getByTestId('recon-month-next') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('recon-step-close-tab') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(within(coverage).getByTestId('recon-review-note'), 'desk installed on 26 Nov');
    await userEvent.type(within(coverage).getByTestId('recon-review-name'), 'Dana');
    await userEvent.click(within(coverage).getByRole('button', { name: 'Record as an exception' }));
    expect(fake.calls.find((c) => c.channel === 'reconcile.review')?.request).toMatchObject({
      itemKey: 'coverage:usdt:tron',
      note: 'desk installed on 26 Nov',
    });
    await userEvent.click(screen.getByTestId('recon-step-close-tab'));
    const close = await screen.findByTestId('recon-step-close');
    expect(within(close).getByTestId('recon-close').textContent).toBe('Close with exceptions');
    expect(within(close).queryByText('Close session')).toBeNull();
    expect(within(close).getByTestId('recon-exceptions').textContent).toContain(GAP_WORDS);
  });

  it('offers "Take a snapshot now" where main says it covers an unseen end, and asks main for it', async () => {
    const fake = show({
      'reconcile.start': () => ({ ok: true, data: session(false, true) }),
      'reconcile.snapshot': () => ({ ok: true, data: session(true) }),
    });
    await userEvent.click(screen.getByTestId('recon-month-open'));
    await userEvent.click(screen.getByTestId('recon-month-start'));
    await userEvent.click(await screen.findByTestId('recon-snapshot-now'));
    expect(fake.calls.at(-1)).toEqual({ channel: 'reconcile.snapshot', request: { id: '3' } });
    expect((await screen.findByTestId('recon-step-coverage')).dataset.status).toBe('exceptions');
  });

  it('records one reason for every gap still without one, each as its own exception', async () => {
    const two = (reviewed: boolean): ReconSessionView => {
      const base = session(reviewed);
      const btc = { ...gapItem(reviewed), key: 'coverage:btc:bitcoin' };
      return { ...base, items: [...base.items, btc] };
    };
    const fake = show({
      'reconcile.start': () => ({ ok: true, data: two(false) }),
      'reconcile.review': () => ({ ok: true, data: two(true) }),
    });
    await userEvent.click(screen.getByTestId('recon-month-open'));
    await userEvent.click(screen.getByTestId('recon-month-start'));
    await userEvent.type(await screen.findByTestId('recon-reason-all-note'), 'first run today');
    await userEvent.type(screen.getByTestId('recon-reason-all-name'), 'Dana');
    await userEvent.click(screen.getByTestId('recon-reason-all-submit'));
    const reviews = fake.calls.filter((c) => c.channel === 'reconcile.review').map((c) => c.request);
    expect(reviews).toEqual([
      { id: '3', itemKey: 'coverage:usdt:tron', note: 'first run today', name: 'Dana' },
      { id: '3', itemKey: 'coverage:btc:bitcoin', note: 'first run today', name: 'Dana' },
    ]);
  });

  it('reopens the month’s open session instead of starting a second one', async () => {
    const fake = show({
      'reconcile.list': () => ({
        ok: true,
        data: { sessions: [{ id: '3', period, state: 'open', startedAt: period.to, closed: null }] },
      }),
      'reconcile.get': () => ({ ok: true, data: session(true) }),
    });
    await userEvent.click(screen.getByTestId('recon-month-open'));
    await userEvent.click(screen.getByTestId('recon-month-start'));
    await screen.findByTestId('recon-step-close');
    expect(fake.calls.some((c) => c.channel === 'reconcile.start')).toBe(false);
    expect(fake.calls.find((c) => c.channel === 'reconcile.get')?.request).toEqual({ id: '3' });
  });
});
