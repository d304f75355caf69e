import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';
import {
  answerChannel,
  axeBothThemes,
  cutConnection,
  holdChannel,
  restoreConnection,
  scrollsSideways,
  shootBoth,
} from '../states';

test.describe('fees', () => {
  test('your percentages, who pays, and one networks table beside the catalog minimums', async ({ app }) => {
    await app.getByTestId('nav-fees').click();
    await expect(app.getByTestId('fees-screen')).toHaveAttribute('data-state', 'ready');
    // Percentages carry their sign; who pays is in words.
    await expect(app.getByTestId('fee-percents')).toContainText(/Invoices\s*[\d.]+ %/);
    await expect(app.getByTestId('fee-payers')).toContainText('You (the merchant)');
    await expect(app.getByTestId('catalog-standard')).toContainText('standard service fee');
    // One row per network, networks by name, a disabled direction stands out in words.
    const networks = app.getByTestId('network-fees');
    await expect(networks).toContainText('TRON (TRC-20)');
    expect(await app.getByTestId('network-fee-row').count()).toBeGreaterThan(5);
    await expect(networks).toContainText(/Min\. withdrawal \(catalog\)/i);
    await expect(app.getByTestId('fees-disabled')).toHaveText('Withdrawals are off for USDT on TON.');
    // Settings the layout does not know stay visible, in words.
    await expect(app.getByTestId('fee-other')).toContainText('Other settings the service reported');
    // Units sit right against the numbers in the catalog.
    await expect(app.getByTestId('catalog-table').getByTestId('amount').first()).toHaveText(
      /^[\d,.]+\u00a0[A-Z]+$/,
    );
  });

  for (const size of [
    { width: 1280, height: 720 },
    { width: 960, height: 600 },
  ])
    test(`the catalog fits or scrolls by keyboard; axe clean at ${size.width}×${size.height}`, async ({
      app,
    }) => {
      await app.setViewportSize(size);
      await app.getByTestId('nav-fees').click();
      await expect(app.getByTestId('catalog-row').first()).toBeVisible();
      const wrap = app.getByTestId('catalog-table').locator('xpath=..');
      await expect(wrap).toHaveAttribute('tabindex', '0');
      const fits = await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth);
      if (size.width === 1280) expect(fits).toBe(true);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `fees-${size.width}x${size.height}`);
    });

  test('loading, error, empty and stale', async ({ app, lazyHost }) => {
    await holdChannel(app, 'fees:get');
    await app.getByTestId('nav-fees').click();
    const screen = app.getByTestId('fees-screen');
    await expect(screen).toHaveAttribute('data-state', 'loading');
    await shootBoth(app, 'fees-loading');

    await app.unroute('**/__host/ipc/fees:get');
    await answerChannel(app, 'fees:get', { fees: {}, fetchedAt: new Date().toISOString(), catalog: [] });
    await app.reload();
    await expect(screen).toHaveAttribute('data-state', 'empty');
    await expect(app.getByTestId('empty-state').first()).toContainText('no fee settings');
    await shootBoth(app, 'fees-empty');

    await app.unroute('**/__host/ipc/fees:get');
    await app.reload();
    await expect(screen).toHaveAttribute('data-state', 'ready');
    await shootBoth(app, 'fees-data');
    const host = await lazyHost.get();
    cutConnection(host);
    try {
      await app.getByRole('button', { name: 'Refresh', exact: true }).click();
      await expect(screen).toHaveAttribute('data-state', 'stale', { timeout: 30_000 });
      await expect(app.getByTestId('stale-notice')).toHaveCount(1);
      await expect(app.getByTestId('stale-notice')).toContainText('Fees may be out of date');
      await shootBoth(app, 'fees-stale');
      await app.reload();
      await expect(screen).toHaveAttribute('data-state', 'error', { timeout: 30_000 });
      await expect(app.getByTestId('error-notice')).toHaveCount(1);
      await expect(app.getByTestId('error-notice')).toContainText('Fees could not be loaded.');
      await shootBoth(app, 'fees-error');
    } finally {
      restoreConnection(host);
    }
  });
});
