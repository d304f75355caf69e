import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

// Issue 25, item 8: the desk's default invoice (the customer chooses the coin) could not be
// rehearsed: its checkout link was a 404 and "Pay in full" refused it.
let app: AppHarness;
beforeAll(async () => {
  app = await startAppHarness();
  await app.services.activeScope().rates.pollOnce();
});
afterAll(() => app.dispose());

describe('rehearsing the default invoice in the Sandbox', () => {
  it('opens its checkout page and pays it in full with the pair chosen for the payer', async () => {
    const created = await app.ok('invoices:create', { order_id: 'CHOOSE-1', amount: '25.00' });
    expect(created.outcome).toBe('accepted');
    const { code, url } = created.data as { code: string; url: string };
    const checkout = await fetch(url);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain(`action="/checkout/${code}/choose/usdt/tron"`);

    const refused = await app.call('sandbox:act', { action: 'pay-invoice', code });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error.message).toMatch(/has not chosen a coin and network yet: choose the pair/);
    const paid = await app.ok('sandbox:act', { action: 'pay-invoice', code, coin: 'usdt', network: 'tron' });
    expect(paid.message).toMatch(
      new RegExp(`^Invoice ${code} paid in full: 25.00 USD \\(.+ USDT · TRON \\(TRC-20\\)\\)\\.$`),
    );
    expect(app.sandbox.control.invoice(code).status).toBe('paid');
  });
});
