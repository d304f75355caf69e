// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReconcileScreen } from '@renderer/features/reconcile/ReconcileScreen';
import { lastMonth, monthPeriod, useReconcileStore } from '@renderer/features/reconcile/reconcile-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';

const shellInitial = useShellStore.getState();
const storeInitial = useReconcileStore.getState();

function show() {
  const fake = installDomMerchant({
    'reconcile.list': () => ({ ok: true, data: { sessions: [] } }),
    'reconcile.start': () => ({ ok: false, error: { kind: 'invalid-request', message: 'not in this test' } }),
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<ReconcileScreen />);
  return fake;
}

beforeEach(() => useReconcileStore.setState(storeInitial, true));
afterEach(cleanup);

describe('Reconcile: quick periods for a session', () => {
  it('"Last month" is local midnight to local midnight, the same period as the month-end close', async () => {
    const fake = show();
    await userEvent.click(screen.getByTestId('recon-presets-last-month'));
    expect((screen.getByTestId('recon-until-now') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('recon-presets-last-month').getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByTestId('recon-start'));
    expect(fake.calls.find((c) => c.channel === 'reconcile.start')?.request).toEqual(
      monthPeriod(lastMonth()),
    );
  });

  it('"This month" runs until now, from the first at local midnight', async () => {
    const fake = show();
    await userEvent.click(screen.getByTestId('recon-presets-this-month'));
    expect((screen.getByTestId('recon-until-now') as HTMLInputElement).checked).toBe(true);
    const before = Date.now();
    await userEvent.click(screen.getByTestId('recon-start'));
    const request = fake.calls.find((c) => c.channel === 'reconcile.start')?.request as {
      from: string;
      to: string;
    };
    const now = new Date();
    expect(request.from).toBe(new Date(now.getFullYear(), now.getMonth(), 1).toISOString());
    expect(Date.parse(request.to)).toBeGreaterThanOrEqual(before);
  });
});
