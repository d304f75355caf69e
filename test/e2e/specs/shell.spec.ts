import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';

test.describe('app shell', () => {
  test('opens on the Sandbox profile with an unmissable badge, live status and navigation', async ({
    app,
  }) => {
    await expect(app.getByTestId('env-badge')).toHaveText(/SANDBOX/);
    await expect(app.getByTestId('profile-switcher')).toHaveValue('sandbox');
    await expect(app.getByTestId('connection-status')).toHaveText(/online/i);
    await expect(app.getByTestId('last-refresh')).toBeVisible();
    const nav = app.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Overview',
      'Invoices',
      'Withdrawals',
      'Wallets',
      'Rates',
      'Fees',
      'Journal',
      'Webhooks',
      'Settings',
    ]) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }
  });

  test('is keyboard reachable: tab to a nav link, press Enter, land on that screen', async ({ app }) => {
    await expect(app.getByTestId('overview-screen')).toBeVisible();
    const rates = app.getByTestId('nav-rates');
    for (let i = 0; i < 15 && !(await rates.evaluate((el) => el === document.activeElement)); i++) {
      await app.keyboard.press('Tab');
    }
    await expect(rates).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(app.getByRole('heading', { level: 1, name: 'Rates' })).toBeVisible();
    await expect(rates).toHaveAttribute('aria-current', 'page');
  });

  test('screens not built yet say so plainly', async ({ app }) => {
    await app.getByTestId('nav-webhooks').click();
    await expect(app.getByTestId('coming-soon')).toBeVisible();
    expect(await seriousViolations(app)).toEqual([]);
  });
});
