import { expect, test } from '../fixtures';
import { createInvoice, openScreen } from '../flows';
import { addLiveProfile, resetProfiles } from '../live-profile';

/**
 * Issue 24, item 4: with a LIVE profile active and its service unreachable, the Invoices list and the
 * withdrawal form showed the Sandbox's invoices (one marked Paid) and offered the Sandbox's pairs with
 * a USD estimate no live service ever sent.
 */
test.describe('a LIVE profile shows nothing of the Sandbox', () => {
  test('no Sandbox invoice in the list, no Sandbox pair or USD estimate in the withdrawal form', async ({
    app,
    lazyHost,
  }) => {
    // The Sandbox's own records first: a paid invoice, listed as paid, and the form's pairs offered.
    const control = (await lazyHost.get()).services.sandbox!.control;
    const code = await createInvoice(app, '31.00');
    control.payInvoice(code);
    await control.flushWebhooks();
    await openScreen(app, 'invoices');
    await expect(app.getByTestId('invoice-list')).toContainText(code);
    await openScreen(app, 'withdrawals');
    await expect
      .poll(async () => app.getByTestId('withdrawal-pair').locator('option').count())
      .toBeGreaterThan(1);

    try {
      await addLiveProfile(app, {
        name: 'Acme live',
        key: 'sk_live_scoping_spec_0000000000',
        activate: true,
      });
      await expect(app.getByTestId('env-badge')).toHaveText(/LIVE/);

      await openScreen(app, 'invoices');
      await expect(app.getByTestId('invoices-screen')).toHaveAttribute('data-state', 'empty');
      await expect(app.getByTestId('invoice-row')).toHaveCount(0);
      await expect(app.getByTestId('invoices-screen')).not.toContainText(code);

      await openScreen(app, 'withdrawals');
      await expect(app.getByTestId('withdrawal-pair').locator('option')).toHaveCount(1);
      await expect(app.getByTestId('withdrawal-usd')).toHaveCount(0);
      await expect(app.getByTestId('withdrawal-row')).toHaveCount(0);
      await expect(app.getByTestId('withdrawals-screen')).not.toContainText(/sandbox|play money/i);
    } finally {
      await resetProfiles(app);
    }
  });
});
