import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';
import { addLiveProfile, resetProfiles } from '../live-profile';
import { createInvoice, openScreen, queueFaultOnScreen, USDT_TRON } from '../flows';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

const KEY = 'sk_live_invoices_spec_DO_NOT_RENDER_7d31';

/**
 * Invoices end to end, driven only through the UI: the Invoices screen creates and looks up, the
 * Sandbox controls screen pays and injects faults, exactly as a person rehearsing would.
 */

/** Pays an invoice on the Sandbox controls screen: in full, or `amount` in the invoice's coin. */
async function pay(app: Page, code: string, amount?: string) {
  await app.getByTestId('nav-sandbox').click();
  const invoices = app.getByTestId('sandbox-group-invoices');
  await invoices.getByLabel('Invoice code').fill(code);
  if (amount) await invoices.getByLabel(/^Amount paid/).fill(amount);
  await invoices.getByRole('button', { name: amount ? 'Pay this amount' : 'Pay in full' }).click();
  await expect(app.getByTestId('sandbox-result-invoices')).toContainText(`Invoice ${code}`);
}

async function lookUp(app: Page, code: string) {
  await app.getByTestId('invoice-lookup-code').fill(code);
  await app.getByTestId('invoice-lookup-submit').click();
  await expect(app.getByTestId('invoice-details')).toContainText(`Invoice ${code}`);
}

const rowOf = (app: Page, code: string) => app.getByTestId('invoice-row').filter({ hasText: code });

test.describe('invoices', () => {
  test('created, paid in full through Sandbox controls, seen as paid in the lookup and the list', async ({
    app,
  }) => {
    await openScreen(app, 'invoices');
    const orderId = app.getByTestId('invoice-order-id');
    // An order id is generated before sending, shown, and editable.
    await expect(orderId).toHaveValue(/^ORD-\d{8}-\d{4}-[0-9A-F]{4}$/);
    await orderId.fill(`E2E-PAID-${Date.now()}`);
    const chosen = await orderId.inputValue();

    // Below the 3 USD minimum: stopped in place, nothing sent, nothing typed lost.
    await app.getByTestId('invoice-amount').fill('2.50');
    await app.getByTestId('invoice-create').click();
    await expect(app.getByTestId('invoice-error-summary')).toBeFocused();
    await expect(app.getByTestId('invoice-error-summary')).toContainText('Amount: Must be at least 3 USD');
    await expect(app.getByTestId('invoice-outcome')).toBeEmpty();
    await expect(orderId).toHaveValue(chosen);
    await shootBoth(app, 'invoices-form-error');

    await app.getByTestId('invoice-amount').fill('25.00');
    await app.getByTestId('invoice-pair').selectOption({ label: USDT_TRON });
    await expect(app.getByTestId('invoice-create')).toHaveText('Create invoice for 25.00 USD');
    await expect(app.getByTestId('invoice-form')).toContainText('SANDBOX · play money');
    await shootBoth(app, 'invoices-form');
    await app.getByTestId('invoice-create').dblclick();

    const result = app.getByTestId('invoice-result');
    await expect(result).toContainText('Invoice created');
    await expect(result).toContainText('25.00\u00a0USD');
    await expect(result).toContainText(chosen);
    await expect(result).toContainText(/expires in 23 h 5\d min/);
    await expect(result.getByTestId('checkout-url')).toContainText('/checkout/');
    await expect(result.getByTestId('qr-sandbox-caption')).toHaveText('SANDBOX — not payable');
    const code = (await result.getByTestId('invoice-result-code').innerText()).trim();
    // The double click sent once: one row for this order in the list.
    await expect(app.getByTestId('invoice-row').filter({ hasText: chosen })).toHaveCount(1);
    await expect(rowOf(app, code)).toContainText('Awaiting payment');
    await shootBoth(app, 'invoices-result');

    await pay(app, code);
    await openScreen(app, 'invoices');
    await lookUp(app, code);
    const details = app.getByTestId('invoice-details');
    await expect(details.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(details.getByTestId('paid-progress')).toHaveAttribute('data-complete', 'true');
    await expect(details.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(details.getByTestId('invoice-transactions').locator('li')).toHaveCount(1);
    // A paid invoice offers no QR to pay it again.
    await expect(details.getByTestId('invoice-address-qr')).toHaveCount(0);
    await expect(details).toContainText('This invoice is closed');
    await details.scrollIntoViewIfNeeded();
    await shootBoth(app, 'invoices-lookup-paid');

    // The list hears it too (the invoice.paid webhook, or the lookup just made).
    await expect(rowOf(app, code).getByTestId('invoice-row-status')).toHaveText('Paid');
    await rowOf(app, code).scrollIntoViewIfNeeded();
    await shootBoth(app, 'invoices-list');

    // The same order id again: the service answers 409, and the desk offers the existing invoice.
    await app.getByTestId('invoice-order-id').fill(chosen);
    await app.getByTestId('invoice-amount').fill('25.00');
    await app.getByTestId('invoice-create').click();
    const duplicate = app.getByTestId('invoice-duplicate');
    await expect(duplicate).toContainText('An invoice with this order ID already exists.');
    await expect(app.getByTestId('invoice-order-id')).toHaveAttribute('aria-invalid', 'true');
    await shootBoth(app, 'invoices-duplicate');
    await duplicate.getByTestId('invoice-duplicate-lookup').click();
    await expect(app.getByTestId('invoice-details')).toContainText(`Invoice ${code}`);
  });

  test('paid partially: shown as partly paid, never as complete', async ({ app }) => {
    await openScreen(app, 'invoices');
    const code = await createInvoice(app, '40.00');
    await pay(app, code, '10');
    await openScreen(app, 'invoices');
    await lookUp(app, code);
    const details = app.getByTestId('invoice-details');
    await expect(details.getByTestId('invoice-status')).toHaveText('Partly paid');
    const progress = details.getByTestId('paid-progress');
    await expect(progress).toHaveAttribute('data-complete', 'false');
    await expect(progress).toContainText('not complete');
    const now = Number(await details.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(now).toBeGreaterThan(0);
    expect(now).toBeLessThan(100);
    // Still payable: the address QR and what is left to send.
    await expect(details.getByTestId('invoice-address-qr')).toBeVisible();
    await expect(details).toContainText('Send exactly');
    await details.scrollIntoViewIfNeeded();
    await shootBoth(app, 'invoices-lookup-partial');
    await app.getByTestId('invoice-lookup-refresh').click();
    await expect(rowOf(app, code).getByTestId('invoice-row-status')).toHaveText('Partly paid');
  });

  test('a dropped answer after the service created it: unknown in words, then checked safely', async ({
    app,
  }) => {
    await queueFaultOnScreen(app, 'Create an invoice', 'Connection drops after the service did it');

    await openScreen(app, 'invoices');
    await app.getByTestId('invoice-amount').fill('12.00');
    const orderId = await app.getByTestId('invoice-order-id').inputValue();
    await app.getByTestId('invoice-create').click();
    const unknown = app.getByTestId('invoice-unknown');
    await expect(unknown).toContainText('the service may or may not have created this invoice', {
      ignoreCase: true,
    });
    await expect(app.getByTestId('error-notice')).toHaveCount(0);
    // Nothing typed is lost, and the row says unknown in words.
    await expect(app.getByTestId('invoice-amount')).toHaveValue('12.00');
    await expect(app.getByTestId('invoice-order-id')).toHaveValue(orderId);
    await expect(
      app.getByTestId('invoice-row').filter({ hasText: orderId }).getByTestId('invoice-row-status'),
    ).toHaveText('Unknown: may or may not exist');
    await shootBoth(app, 'invoices-unknown');

    await unknown.getByRole('button', { name: 'Check safely by re-submitting the same order ID' }).click();
    await expect(app.getByTestId('invoice-outcome').getByTestId('invoice-check-found')).toContainText(
      'The invoice exists: the first attempt did create it.',
    );
    // One row for the order: the check's own re-submission (refused, 409) is not an invoice (issue 25).
    const rows = app.getByTestId('invoice-row').filter({ hasText: orderId });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('invoice-row-status')).toHaveText('Awaiting payment');
    await expect(rows.getByTestId('invoice-check-found')).toContainText(
      'the service has no lookup by order ID',
    );
    await expect(app.getByTestId('invoice-list')).not.toContainText('Refused: order ID already used');
    await shootBoth(app, 'invoices-unknown-checked');
  });

  test('card checkout: started where allowed with 15 USD due, explained where not, a provider failure in words', async ({
    app,
  }) => {
    await openScreen(app, 'invoices');
    await app.getByTestId('invoice-card').check();
    await app.getByTestId('invoice-amount').fill('20.00');
    await app.getByTestId('invoice-create').click();
    const code = (await app.getByTestId('invoice-result-code').innerText()).trim();
    await lookUp(app, code);
    const card = app.getByTestId('card-checkout');
    await card.getByTestId('card-start').click();
    await expect(card.getByTestId('card-order-status')).toHaveText(
      'Created: waiting for the customer to open the card page',
    );
    await expect(card.getByTestId('checkout-url')).toContainText('/card-checkout/');
    await card.scrollIntoViewIfNeeded();
    await shootBoth(app, 'invoices-card-order');

    // Below 15 USD the desk does not offer it, and says why.
    await app.getByTestId('invoice-card').check();
    await app.getByTestId('invoice-amount').fill('10.00');
    await app.getByTestId('invoice-create').click();
    await expect(app.getByTestId('invoice-result')).not.toContainText(code);
    const small = (await app.getByTestId('invoice-result-code').innerText()).trim();
    await lookUp(app, small);
    await expect(app.getByTestId('card-not-offered')).toContainText('at least 15.00 USD still due');

    // The provider fails: the failure_code in words.
    await queueFaultOnScreen(app, 'Start a card payment', 'Card provider fails');
    await openScreen(app, 'invoices');
    await app.getByTestId('invoice-card').check();
    await app.getByTestId('invoice-amount').fill('50.00');
    await app.getByTestId('invoice-create').click();
    await expect(app.getByTestId('invoice-result')).not.toContainText(small);
    const failing = (await app.getByTestId('invoice-result-code').innerText()).trim();
    await lookUp(app, failing);
    await app.getByTestId('card-start').click();
    // A 502 is an error on the service's side: the desk cannot be sure, but says what the code means.
    await expect(app.getByTestId('card-unknown-reason')).toContainText(
      'The card provider could not create a usable checkout.',
    );
    await app.getByTestId('card-checkout').scrollIntoViewIfNeeded();
    await shootBoth(app, 'invoices-card-refused');
  });

  test('under a live profile: LIVE beside the button, no Sandbox words, and an unreachable service said plainly', async ({
    app,
  }) => {
    await addLiveProfile(app, { name: 'Acme live', key: KEY, activate: true });
    try {
      await expect(app.getByTestId('env-badge')).toHaveText(/LIVE/);
      await openScreen(app, 'invoices');
      await expect(app.getByTestId('invoice-create').locator('..')).toContainText('LIVE · Acme live');
      await app.getByTestId('invoice-amount').fill('25.00');
      await app.getByTestId('invoice-create').click();
      const outcome = app.getByTestId('invoice-outcome');
      await expect(outcome).not.toBeEmpty();
      await expect(app.getByTestId('invoices-screen')).not.toContainText(/sandbox|play money/i);
      await expect(app.getByTestId('invoice-amount')).toHaveValue('25.00');
      await shootBoth(app, 'invoices-live-unreachable');
    } finally {
      await resetProfiles(app);
    }
  });

  test('keyboard only: create with Enter, land on the outcome, tab into it, look the invoice up', async ({
    app,
  }) => {
    await openScreen(app, 'invoices');
    await app.getByTestId('invoice-amount').focus();
    await app.keyboard.type('15');
    await app.keyboard.press('Tab');
    await expect(app.getByTestId('invoice-pair')).toBeFocused();
    await app.keyboard.press('Shift+Tab');
    await app.keyboard.press('Enter');
    await expect(app.getByTestId('invoice-outcome')).toBeFocused();
    await expect(app.getByTestId('invoice-result')).toContainText('15\u00a0USD');
    await app.keyboard.press('Tab');
    await expect(app.getByRole('button', { name: 'Copy invoice code' })).toBeFocused();
    const lookup = app.getByTestId('invoice-result-lookup');
    await lookup.focus();
    await app.keyboard.press('Enter');
    await expect(app.locator('.invoice-lookup__result')).toBeFocused();
    await expect(app.getByTestId('invoice-status')).toHaveText('Awaiting payment');
  });

  for (const size of [
    { width: 1280, height: 720 },
    { width: 960, height: 600 },
  ])
    test(`axe clean and no sideways scroll at ${size.width}×${size.height}`, async ({ app }) => {
      await app.setViewportSize(size);
      await openScreen(app, 'invoices');
      const code = await createInvoice(app, '30.00');
      await lookUp(app, code);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `invoices-${size.width}x${size.height}`);
    });
});
