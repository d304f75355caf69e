// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry, SandboxStatus } from '@contract';
import { SandboxScreen } from '@renderer/features/sandbox/SandboxScreen';
import { knownFromJournal, useSandboxControls } from '@renderer/features/sandbox/sandbox-store';
import { NavBar } from '@renderer/shell/NavBar';
import { screenFromHash } from '@renderer/shell/routes';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';
import type { FakeMerchant } from './fake-merchant';

const shellInitial = useShellStore.getState();
const storeInitial = useSandboxControls.getState();
const STATUS: SandboxStatus = {
  faults: [],
  duplicateWebhooks: false,
  clock: '2026-11-22T06:00:00.000Z',
  aheadMs: 0,
};

function entry(partial: Partial<JournalEntry>): JournalEntry {
  return {
    id: 'j1',
    operation: 'createInvoice',
    profileId: 'sandbox',
    environment: 'sandbox',
    state: 'accepted',
    createdAt: '2026-11-22T06:00:00.000Z',
    updatedAt: '2026-11-22T06:00:00.000Z',
    fields: {},
    externalIds: {},
    settlement: null,
    resolution: null,
    response: null,
    error: null,
    ...partial,
  };
}

let fake: FakeMerchant;
beforeEach(() => {
  useSandboxControls.setState(storeInitial, true);
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: 'sandbox' }, true);
  fake = installDomMerchant({
    'sandbox.status': () => ({ ok: true, data: STATUS }),
    'journal.list': () => ({
      ok: true,
      data: {
        entries: [
          entry({ id: 'a', externalIds: { invoiceCode: 'INV-1' }, fields: { orderId: 'O-1', amount: '25' } }),
          entry({ id: 'b', profileId: 'p-live', externalIds: { invoiceCode: 'LIVE-9' } }),
        ],
      },
    }),
    'sandbox.act': (request) => {
      const code = (request as { code?: string }).code;
      return code === 'BAD'
        ? { ok: false, error: { kind: 'request', message: 'The Sandbox refused: Invoice BAD not found.' } }
        : { ok: true, data: { message: `Invoice ${code} paid in full: 25.00 USD.`, status: STATUS } };
    },
  });
});
afterEach(cleanup);

describe('the Sandbox controls screen', () => {
  it('offers only this profile’s invoice codes, and the journal words that identify them', () => {
    const entries = [
      entry({ externalIds: { invoiceCode: 'INV-1' }, fields: { orderId: 'O-1', amount: '25' } }),
      entry({ profileId: 'p-live', externalIds: { invoiceCode: 'LIVE-9' } }),
      entry({
        operation: 'createWithdrawal',
        externalIds: { withdrawalId: 'W-7' },
        fields: { amount: '10', coin: 'usdt' },
        settlement: 'pending',
      }),
    ];
    expect(knownFromJournal(entries)).toEqual({
      invoices: [{ value: 'INV-1', label: 'order O-1 · 25 USD' }],
      withdrawals: [{ value: 'W-7', label: '10 USDT · pending' }],
    });
  });

  it('stops an empty code in place without calling main, then pays and says what it did', async () => {
    const user = userEvent.setup();
    render(<SandboxScreen />);
    expect(await screen.findByText('SANDBOX — play money')).toBeTruthy();
    const code = screen.getByLabelText('Invoice code');
    await user.click(screen.getByRole('button', { name: 'Pay in full' }));
    expect(screen.getByText('Enter or pick an invoice code.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls.filter((c) => c.channel === 'sandbox.act')).toEqual([]);

    await user.type(code, 'INV-1{Enter}');
    expect((await screen.findByTestId('sandbox-result-invoices')).textContent).toBe(
      'Invoice INV-1 paid in full: 25.00 USD.',
    );
    expect(fake.calls.filter((c) => c.channel === 'sandbox.act').map((c) => c.request)).toEqual([
      { action: 'pay-invoice', code: 'INV-1' },
    ]);
    // The pick list holds the Sandbox profile's invoice, not the live one's.
    const options = [...document.querySelectorAll('#sandbox-known-invoices option')].map((o) =>
      o.getAttribute('value'),
    );
    expect(options).toEqual(['INV-1']);
  });

  it('one-click actions send their one request; the duplicate-webhooks switch says whether it is on', async () => {
    const user = userEvent.setup();
    render(<SandboxScreen />);
    const twice = await screen.findByRole('button', { name: 'Deliver every webhook twice: off' });
    await waitFor(() => expect(twice.hasAttribute('disabled')).toBe(false));
    expect(twice.getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Send test webhook' }));
    // The group is busy until the first answer is in; the next click waits for it.
    await waitFor(() => expect(twice.hasAttribute('disabled')).toBe(false));
    await user.click(twice);
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'sandbox.act').map((c) => c.request)).toEqual([
        { action: 'send-test-webhook' },
        { action: 'duplicate-webhooks', enabled: true },
      ]),
    );
  });

  it('shows a refusal in place as an alert, keeping what was typed', async () => {
    const user = userEvent.setup();
    render(<SandboxScreen />);
    const code = await screen.findByLabelText('Invoice code');
    await user.type(code, 'BAD');
    await user.click(screen.getByRole('button', { name: 'Expire' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The invoice action was not done.');
    expect(alert.textContent).toContain('Invoice BAD not found');
    expect((code as HTMLInputElement).value).toBe('BAD');
  });

  it('renders nothing and asks nothing of main while a live profile is active', async () => {
    useShellStore.setState({ activeId: ACME.id });
    const { container } = render(<SandboxScreen />);
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(fake.calls).toEqual([]);
  });

  it('lists the screen and routes to it only under the Sandbox profile', () => {
    render(<NavBar current="overview" sandboxActive={false} />);
    expect(screen.queryByTestId('nav-sandbox')).toBeNull();
    cleanup();
    render(<NavBar current="sandbox" sandboxActive />);
    expect(screen.getByTestId('nav-sandbox').getAttribute('aria-current')).toBe('page');
    expect(screenFromHash('#/sandbox', false)).toBe('overview');
    expect(screenFromHash('#/sandbox', true)).toBe('sandbox');
  });
});
