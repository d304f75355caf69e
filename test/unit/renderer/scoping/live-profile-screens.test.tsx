// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRatesStore } from '@renderer/stores/rates-store';
import { useUnknownWithdrawals } from '@renderer/stores/unknown-withdrawals-store';
import { ACME, SANDBOX, installDomMerchant } from '../dom-merchant';
import { snapshot } from '../fake-merchant';
import { entry as invoice, pageOf, resetStores as resetInvoices, showInvoices } from '../invoices/harness';
import { entry as withdrawal, resetStores as resetWithdrawals, showScreen } from '../withdrawals/harness';

afterEach(cleanup);

/** Reads of a list from the journal: withdrawals list it, invoices page it. */
const listCalls = (fake: { calls: { channel: string }[] }) =>
  fake.calls.filter((c) => c.channel === 'journal.list' || c.channel === 'journal.page').length;

describe('the Invoices list under a LIVE profile', () => {
  beforeEach(resetInvoices);

  it('shows none of the Sandbox’s invoices, even if an answer held one', async () => {
    // An answer as an unscoped main gave it: the Sandbox's invoice, paid.
    showInvoices(
      {
        'journal.page': () =>
          pageOf([invoice({ fields: { orderId: 'SBX-1', amount: '25', invoiceStatus: 'paid' } })]),
      },
      ACME,
    );
    await screen.findByTestId('invoices-screen');
    await act(async () => {});
    expect(screen.queryAllByTestId('invoice-row')).toEqual([]);
    // The screen less its status filter (whose choices name every status, Paid included).
    const shown = screen.getByTestId('invoices-screen').cloneNode(true) as HTMLElement;
    shown.querySelector('[data-testid="invoice-filters"]')!.remove();
    expect(shown.textContent).not.toMatch(/SBX-1|Paid/);
  });

  it('offers none of the Sandbox’s pairs to pay with while the rates held are the Sandbox’s', async () => {
    useRatesStore.setState({ profileId: SANDBOX.id });
    const fake = showInvoices(
      { 'rates.snapshot': () => ({ ok: true, data: snapshot([], { profileId: ACME.id }) }) },
      ACME,
    );
    await act(async () => {});
    const options = within(screen.getByTestId('invoice-pair'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.some((o) => /USDT|BTC/.test(o ?? ''))).toBe(false);
    expect(fake.calls.some((c) => c.channel === 'rates.snapshot')).toBe(true);
  });

  it('counts a pushed new invoice without reading the list again; another profile’s is ignored', async () => {
    const fake = showInvoices({}, ACME);
    await act(async () => {});
    const reads = listCalls(fake);
    expect(reads).toBe(1);
    const live = invoice({
      id: '7',
      profileId: ACME.id,
      environment: 'live',
      fields: { orderId: 'ACME-7', amount: '40', invoiceStatus: 'paid' },
    });
    await act(async () => fake.emit('journal:changed', invoice({ id: '3', fields: { orderId: 'SBX-3' } })));
    await act(async () => fake.emit('journal:changed', live));
    // New since the list was read: counted, not slid in under the pointer (UX rule 10); the
    // Sandbox's is not counted.
    expect((await screen.findByTestId('invoices-newer')).textContent).toContain('1 newer invoice');
    expect(screen.queryAllByTestId('invoice-row')).toEqual([]);
    expect(listCalls(fake)).toBe(reads);
    // Once shown, it changes in place when main pushes it again.
    await act(async () =>
      fake.emit('journal:changed', { ...live, fields: { ...live.fields, invoiceStatus: 'expired' } }),
    );
    expect(screen.getByTestId('invoices-newer').textContent).toContain('1 newer invoice');
  });
});

describe('the withdrawal form under a LIVE profile', () => {
  beforeEach(resetWithdrawals);

  it('offers none of the Sandbox’s pairs and no USD estimate while the rates held are the Sandbox’s', async () => {
    // The rates store still holds the Sandbox's catalog and prices; the live service never answered.
    useRatesStore.setState({ profileId: SANDBOX.id });
    const { fake } = showScreen({ profile: ACME, rates: { profileId: ACME.id, rows: [] } });
    await act(async () => {});
    const options = within(screen.getByTestId('withdrawal-pair'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose…']);
    expect(screen.queryByTestId('withdrawal-usd')).toBeNull();
    // The live profile's own rates were asked for.
    expect(fake.calls.some((c) => c.channel === 'rates.snapshot')).toBe(true);
  });

  it('lists no Sandbox withdrawal and takes a pushed one of its own in place', async () => {
    const { fake } = showScreen({ profile: ACME, entries: () => [withdrawal('1')] });
    await act(async () => {});
    expect(screen.queryAllByTestId('withdrawal-row')).toEqual([]);
    const reads = listCalls(fake);
    await act(async () =>
      fake.emit('journal:changed', withdrawal('9', { profileId: ACME.id, environment: 'live' })),
    );
    expect(await screen.findAllByTestId('withdrawal-row')).toHaveLength(1);
    // The unknown-withdrawals banner's store hears the push too; neither reads the journal again.
    expect(listCalls(fake)).toBe(reads);
  });
});

describe('the unknown withdrawals warning', () => {
  const initial = useUnknownWithdrawals.getState();
  beforeEach(() => useUnknownWithdrawals.setState(initial, true));

  it('follows pushed changes: added while unknown, taken out once resolved, no list read again', async () => {
    const fake = installDomMerchant({ 'journal.list': () => ({ ok: true, data: { entries: [] } }) });
    const off = useUnknownWithdrawals.getState().listen();
    await act(async () => {});
    const reads = listCalls(fake);
    const lost = withdrawal('4', { state: 'unknown' });
    await act(async () => fake.emit('journal:changed', lost));
    expect(useUnknownWithdrawals.getState().entries.map((e) => e.id)).toEqual(['4']);
    await act(async () => fake.emit('journal:changed', { ...lost, state: 'resolved-performed' }));
    expect(useUnknownWithdrawals.getState().entries).toEqual([]);
    expect(listCalls(fake)).toBe(reads);
    off();
  });
});
