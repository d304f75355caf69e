import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';
import { addLiveProfile, resetProfiles } from '../live-profile';

const KEY = 'sk_live_sandbox_spec_DO_NOT_RENDER_91ab';

test.beforeEach(async ({ app }) => resetProfiles(app));
test.afterEach(async ({ app }) => resetProfiles(app));

test.describe('sandbox controls', () => {
  test('play money added through the screen shows on Overview', async ({ app }) => {
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    const ton = app.locator('[data-testid="coin-subtotal"][data-coin="ton"]');
    const before = await ton.innerText();

    await app.getByTestId('nav-sandbox').click();
    await expect(app.getByRole('heading', { level: 1, name: 'Sandbox controls' })).toBeFocused();
    await expect(app.getByTestId('sandbox-banner')).toContainText('SANDBOX — play money');
    await expect(app).toHaveTitle(/^SANDBOX · .*Sandbox controls/);
    const balances = app.getByTestId('sandbox-group-balances');
    await balances.getByLabel('Coin code').fill('ton');
    await balances.getByLabel('Network code').fill('ton');
    // A bad amount is stopped in place, with the field named, and nothing is sent.
    await balances.getByLabel(/^Amount/).fill('12,5');
    await balances.getByRole('button', { name: /Add .* play money/ }).click();
    await expect(balances.getByText('Enter an amount above zero, such as 250.')).toBeVisible();
    await expect(balances.getByLabel(/^Amount/)).toHaveAttribute('aria-invalid', 'true');

    await balances.getByLabel(/^Amount/).fill('100');
    await balances.getByLabel(/^Amount/).press('Enter');
    await expect(app.getByTestId('sandbox-result-balances')).toHaveText(
      'Added 100 TON · TON of play money to the balance.',
    );
    await expect(app.getByTestId('announcer')).toContainText('Added 100 TON · TON of play money');
    await screenshotBothThemes(app, 'sandbox-controls-added');

    await app.getByTestId('nav-overview').click();
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    await expect(ton).not.toHaveText(before);
    await expect(ton).toContainText(/1,000\u00a0TON/);
  });

  test('a fault is listed once added and gone once removed; an unknown code is refused in place', async ({
    app,
  }) => {
    await app.goto(`${new URL(app.url()).origin}/#/sandbox`);
    const faults = app.getByTestId('sandbox-group-faults');
    await faults.getByLabel('Operation').selectOption({ label: 'Send a withdrawal' });
    await faults.getByLabel('How it fails').selectOption({ label: 'Too many requests (429)' });
    await faults.getByLabel('Retry after, seconds (optional)').fill('30');
    await faults.getByLabel('For how many requests').fill('2');
    await faults.getByRole('button', { name: 'Add fault' }).click();
    await expect(app.getByTestId('sandbox-result-faults')).toContainText(
      'The next 2 requests to createWithdrawal will fail',
    );
    await expect(app.getByTestId('sandbox-faults')).toHaveText(
      'Send a withdrawal: Too many requests (429), retry after 30 s — next 2 requests',
    );

    const invoices = app.getByTestId('sandbox-group-invoices');
    await invoices.getByLabel('Invoice code').fill('NOPE-0000');
    await invoices.getByRole('button', { name: 'Pay in full' }).click();
    const error = app.getByTestId('sandbox-error-invoices').getByRole('alert');
    await expect(error).toContainText('The invoice action was not done.');
    await expect(error).toContainText('The Sandbox refused: Invoice NOPE-0000 not found.');
    await expect(error).toContainText('Nothing was changed.');
    await expect(invoices.getByLabel('Invoice code')).toHaveValue('NOPE-0000');

    await screenshotBothThemes(app, 'sandbox-controls-fault-and-error');
    for (const scheme of ['light', 'dark'] as const) {
      await app.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(app)).toEqual([]);
    }
    await app.emulateMedia({ colorScheme: 'light' });

    await faults.getByRole('button', { name: 'Remove all faults' }).click();
    await expect(app.getByTestId('sandbox-faults-none')).toBeVisible();
    await expect(app.getByTestId('sandbox-result-faults')).toHaveText(
      'All pending faults removed: requests are answered normally again.',
    );
  });

  test('a day ahead on the Sandbox clock: no clock warning here or on a live profile; reset asks first', async ({
    app,
  }) => {
    // Issue 25, item 7: the jump read as "this computer's clock is +87 900 s off" and blocked sending.
    await app.goto(`${new URL(app.url()).origin}/#/sandbox`);
    const clock = app.getByTestId('sandbox-group-clock');
    await clock.getByLabel('Move by').fill('1');
    await clock.getByLabel('Unit').selectOption('days');
    await clock.getByRole('button', { name: 'Move ahead' }).click();
    await expect(app.getByTestId('sandbox-result-clock')).toContainText('Sandbox clock moved 1 day ahead');
    await expect(app.getByTestId('sandbox-clock')).toContainText('1 day ahead of the real time');
    // A read after the jump measures the clock again: still nothing to warn about.
    await app.getByTestId('nav-overview').click();
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    await expect(app.getByTestId('clock-skew')).toHaveCount(0);
    await expect(app.getByTestId('clock-skew-block')).toHaveCount(0);
    await addLiveProfile(app, { name: 'Acme live', key: KEY, activate: true });
    await expect(app.getByTestId('env-badge')).toHaveText(/LIVE/);
    await expect(app.getByTestId('clock-skew-block')).toHaveCount(0);
    await resetProfiles(app);

    await app.goto(`${new URL(app.url()).origin}/#/sandbox`);
    await app.getByRole('button', { name: 'Reset the Sandbox…' }).click();
    await expect(app.getByRole('button', { name: 'Keep the Sandbox as it is' })).toBeFocused();
    await screenshotBothThemes(app, 'sandbox-controls-clock-ahead-reset-asked');
    for (const scheme of ['light', 'dark'] as const) {
      await app.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(app)).toEqual([]);
    }
    await app.emulateMedia({ colorScheme: 'light' });
    await app.keyboard.press('Escape');
    await expect(app.getByTestId('sandbox-reset-confirm')).toHaveCount(0);
    // The host is shared with other specs: the Sandbox goes back to the real time, not to the start.
    await app
      .getByTestId('sandbox-group-clock')
      .getByRole('button', { name: 'Set to the real time' })
      .click();
    await expect(app.getByTestId('sandbox-clock')).toContainText('with the real time');
  });

  test('absent while a live profile is active: not in the navigation, and its route opens Overview', async ({
    app,
  }) => {
    await expect(app.getByTestId('nav-sandbox')).toBeVisible();
    await addLiveProfile(app, { name: 'Acme live', key: KEY, activate: true });
    await expect(app.getByTestId('env-badge')).toHaveText(/LIVE/);
    await expect(app.getByTestId('nav-sandbox')).toHaveCount(0);
    await app.goto(`${new URL(app.url()).origin}/#/sandbox`);
    await expect(app.getByTestId('overview-screen')).toBeVisible();
    await expect(app.getByTestId('sandbox-screen')).toHaveCount(0);
    await expect(app.locator('body')).not.toContainText(/Sandbox controls|play money/);
    // Main refuses the channel too, whatever the page asks.
    const answer = await app.evaluate(async () => {
      const api = (window as unknown as { merchant: import('@renderer/lib/merchant-api').MerchantApi })
        .merchant;
      return api.sandbox.status();
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'sandbox-only' } });
  });
});
