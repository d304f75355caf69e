import { expect, screenshotBothThemes, test } from '../fixtures';
import { addLiveProfile, resetProfiles } from '../live-profile';

const KEY = 'sk_live_env_spec_DO_NOT_RENDER_5c2e';

test.beforeEach(async ({ app }) => resetProfiles(app));
test.afterEach(async ({ app }) => resetProfiles(app));

test.describe('environment safety', () => {
  test('arrow keys and type-ahead never switch to LIVE; Enter does, focus stays, it is announced and titled', async ({
    app,
  }) => {
    await expect(app.getByTestId('connection-status')).toHaveText(/online/i);
    const liveId = await addLiveProfile(app, { name: 'Acme live', key: KEY });
    const switcher = app.getByTestId('profile-switcher');
    await expect(switcher).toHaveAttribute('aria-haspopup', 'menu');

    await switcher.focus();
    await app.keyboard.press('ArrowDown');
    const menu = app.getByRole('menu', { name: 'Profiles' });
    await expect(menu).toBeVisible();
    await expect(switcher).toHaveAttribute('aria-expanded', 'true');
    await expect(app.getByRole('menuitemradio', { name: /Sandbox/ })).toBeFocused();
    await app.keyboard.press('ArrowDown');
    await expect(app.getByTestId(`profile-option-${liveId}`)).toBeFocused();
    await app.keyboard.type('a');
    await app.keyboard.press('ArrowUp');
    await app.keyboard.press('ArrowDown');
    await screenshotBothThemes(app, 'env-menu-open');
    // Nothing has changed: still the Sandbox, everywhere.
    await expect(app.getByTestId('env-badge')).toHaveText(/SANDBOX/);
    await expect(app).toHaveTitle(/^SANDBOX · /);
    await app.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(switcher).toBeFocused();
    await expect(app.getByTestId('env-badge')).toHaveText(/SANDBOX/);

    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('Enter');
    await expect(app.getByTestId('env-badge')).toHaveText(/LIVE — real funds/);
    await expect(switcher).toBeFocused();
    await expect(app.getByTestId('announcer')).toContainText('Switched to Acme live — LIVE, real funds');
    await expect(app).toHaveTitle('LIVE · Acme live · Overview — Merchant Desk');
    await screenshotBothThemes(app, 'env-switched-live');

    // Back with a click; the way back is announced too.
    await switcher.click();
    await app.getByRole('menuitemradio', { name: /Sandbox/ }).click();
    await expect(app.getByTestId('env-badge')).toHaveText(/SANDBOX/);
    await expect(app.getByTestId('announcer')).toContainText('Switched to Sandbox — Sandbox, play money');
    expect(await app.content()).not.toContain(KEY);
  });

  test('an unreachable live service: one banner in plain words, technical detail collapsed', async ({
    app,
  }) => {
    await expect(app.getByTestId('connection-status')).toHaveText(/online/i);
    await addLiveProfile(app, { name: 'Acme live', key: KEY, activate: true });
    await expect(app.getByTestId('connection-status')).toHaveText(/offline/i, { timeout: 20_000 });
    const banner = app.getByTestId('connection-banner');
    await expect(banner).toHaveCount(1);
    const headline = banner.locator('.banner__title');
    await expect(headline).toHaveText(/^Offline: The service cannot be reached/);
    await expect(headline).not.toHaveText(/ECONNREFUSED|getMerchantBalances|getCoinRates/);
    const details = banner.locator('details');
    await expect(details).not.toHaveAttribute('open');
    await expect(details.locator('p').first()).toBeHidden();
    await expect(app.getByTestId('last-refresh')).not.toContainText(/never/i);
    await expect(app.getByTestId('announce-assertive')).toContainText(/^Offline\./);
    await screenshotBothThemes(app, 'env-live-offline');
    await details.locator('summary').click();
    await expect(details.locator('p').first()).toBeVisible();
    await screenshotBothThemes(app, 'env-live-offline-detail');
  });
});

test('a degraded connection says why in words next to the status, not only in a tooltip', async ({
  app,
  lazyHost,
}) => {
  await expect(app.getByTestId('connection-status')).toHaveText(/online/i);
  // The service answers, but with errors: every read gets a 500 until the faults are cleared.
  const control = (await lazyHost.get()).services.sandbox!.control;
  for (const route of ['getCoinRates', 'getCoinCatalog', 'getMerchantBalances', 'getMerchantFees'])
    control.injectFault(route, { kind: 'error500' }, 1000);
  try {
    await expect(app.getByTestId('connection-status')).toHaveText(/degraded/i, { timeout: 20_000 });
    const cause = app.getByTestId('connection-cause');
    await expect(cause).toBeVisible();
    await expect(cause).toHaveText(/internal error on its side/);
    await expect(cause).not.toHaveText(/HTTP|getCoinRates|getMerchantBalances/);
    await expect(app.getByTestId('connection-banner')).toHaveCount(0);
    await screenshotBothThemes(app, 'env-degraded-cause');
  } finally {
    control.clearFaults();
  }
  await expect(app.getByTestId('connection-status')).toHaveText(/online/i, { timeout: 20_000 });
});
