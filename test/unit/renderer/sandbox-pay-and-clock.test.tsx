// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxStatus } from '@contract';
import { SandboxScreen } from '@renderer/features/sandbox/SandboxScreen';
import { aheadWords } from '@renderer/features/sandbox/clock-words';
import { useSandboxControls } from '@renderer/features/sandbox/sandbox-store';
import { useRatesStore } from '@renderer/stores/rates-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';
import { pair, snapshot, type FakeMerchant } from './fake-merchant';

// Issue 25, items 7 and 8: "Pay in full" refused an invoice where the customer chooses the coin (the
// controls had no way to choose for the payer); the clock moved only ahead, in seconds or minutes.
const shellInitial = useShellStore.getState();
const storeInitial = useSandboxControls.getState();
const ratesInitial = useRatesStore.getState();
const STATUS: SandboxStatus = {
  faults: [],
  duplicateWebhooks: false,
  clock: '2026-11-22T06:00:00.000Z',
  aheadMs: 0,
};
const AHEAD: SandboxStatus = { ...STATUS, aheadMs: 86_400_000 };

let fake: FakeMerchant;
let status = STATUS;
beforeEach(() => {
  status = STATUS;
  useSandboxControls.setState(storeInitial, true);
  useRatesStore.setState(ratesInitial, true);
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: 'sandbox' }, true);
  fake = installDomMerchant({
    'sandbox.status': () => ({ ok: true, data: status }),
    'journal.list': () => ({ ok: true, data: { entries: [] } }),
    'wallets.list': () => ({ ok: true, data: { wallets: [] } }),
    'rates.snapshot': () => ({
      ok: true,
      data: snapshot([
        {
          symbol: 'usdt',
          name: 'Tether',
          type: 'crypto',
          usdPrice: '1',
          openPrice: '1',
          pairs: [
            pair('usdt', 'tron', { networkName: 'TRON (TRC-20)' }),
            pair('usdt', 'eth', { networkName: 'Ethereum' }),
          ],
        },
      ]),
    }),
    'sandbox.act': (request) => {
      if ((request as { action: string }).action === 'advance-clock') status = AHEAD;
      if ((request as { action: string }).action === 'reset-sandbox') status = STATUS;
      return { ok: true, data: { message: 'Done.', status } };
    },
  });
});
afterEach(cleanup);
const acts = () => fake.calls.filter((c) => c.channel === 'sandbox.act').map((c) => c.request);

describe('Sandbox controls: paying for the payer', () => {
  it('pays a customer-chooses invoice in full with the pair chosen for the payer', async () => {
    const user = userEvent.setup();
    render(<SandboxScreen />);
    const select = await screen.findByLabelText('The payer pays with');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'USDT · TRON (TRC-20)' })).toBeTruthy(),
    );
    await user.type(screen.getByLabelText('Invoice code'), 'INV-1');
    await user.selectOptions(select, 'usdt:tron');
    await user.click(screen.getByRole('button', { name: 'Pay in full' }));
    await waitFor(() =>
      expect(acts()).toEqual([{ action: 'pay-invoice', code: 'INV-1', coin: 'usdt', network: 'tron' }]),
    );
  });
});

describe('Sandbox controls: the clock', () => {
  it('moves ahead in days, back, to the real time, and says how far ahead it is', async () => {
    const user = userEvent.setup();
    render(<SandboxScreen />);
    const group = within(await screen.findByTestId('sandbox-group-clock'));
    expect(group.getByTestId('sandbox-clock').textContent).toContain('with the real time');
    expect(group.getByRole('button', { name: 'Move back' }).hasAttribute('disabled')).toBe(true);
    await user.clear(group.getByLabelText('Move by'));
    await user.type(group.getByLabelText('Move by'), '1');
    await user.selectOptions(group.getByLabelText('Unit'), 'days');
    await user.click(group.getByRole('button', { name: 'Move ahead' }));
    await waitFor(() =>
      expect(group.getByTestId('sandbox-clock').textContent).toContain('1 day ahead of the real time'),
    );
    await user.click(group.getByRole('button', { name: 'Move back' }));
    await waitFor(() => expect(acts()).toHaveLength(2));
    await user.click(group.getByRole('button', { name: 'Set to the real time' }));
    await waitFor(() =>
      expect(acts()).toEqual([
        { action: 'advance-clock', amount: 1, unit: 'days', direction: 'ahead' },
        { action: 'advance-clock', amount: 1, unit: 'days', direction: 'back' },
        { action: 'clock-to-now' },
      ]),
    );
  });

  it('resets the Sandbox only after the confirmation; Keep asks nothing of main', async () => {
    const user = userEvent.setup();
    render(<SandboxScreen />);
    await user.click(await screen.findByRole('button', { name: 'Reset the Sandbox…' }));
    const keep = screen.getByRole('button', { name: 'Keep the Sandbox as it is' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    await user.click(keep);
    expect(acts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reset the Sandbox…' }));
    await user.click(screen.getByTestId('sandbox-reset-confirm-button'));
    await waitFor(() => expect(acts()).toEqual([{ action: 'reset-sandbox', confirmed: true }]));
  });

  it('words how far ahead the Sandbox runs', () => {
    expect(aheadWords(0)).toBe('with the real time');
    expect(aheadWords(90_000)).toBe('1 minute 30 seconds ahead of the real time');
    expect(aheadWords(86_400_000 + 7_200_000 + 60_000)).toBe('1 day 2 hours ahead of the real time');
  });
});
