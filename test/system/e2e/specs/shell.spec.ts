import { expect, screenshotBothThemes, test } from '../fixtures';

const SCREENS = [
  'Overview',
  'Invoices',
  'Withdrawals',
  'Wallets',
  'Rates',
  'Fees',
  'Journal',
  'Reconcile',
  'Webhooks',
  'Settings',
];

test.describe('app shell', () => {
  test('opens on the Sandbox profile with an unmissable badge, live status and navigation', async ({
    app,
  }) => {
    await expect(app.getByTestId('env-badge')).toHaveText(/SANDBOX/);
    await expect(app.getByTestId('profile-switcher')).toContainText('Sandbox');
    await expect(app.getByTestId('connection-status')).toHaveText(/online/i);
    await expect(app).toHaveTitle(/^SANDBOX · Sandbox · Overview — Merchant Desk$/);
    const nav = app.getByRole('navigation', { name: 'Main' });
    for (const label of SCREENS) await expect(nav.getByRole('link', { name: label })).toBeVisible();
  });

  test('the top bar counts every successful read: prices ticking means data is fresh', async ({ app }) => {
    await app.getByTestId('nav-rates').click();
    const fresh = app.getByTestId('last-refresh');
    await expect(fresh).toContainText('Data as of', { timeout: 15_000 });
    await expect(fresh).not.toContainText(/never/i);
    const first = await fresh.locator('time').getAttribute('datetime');
    // A rates tick (every second on the test host, every 5 s in the app) moves it on, with no
    // balances read on this screen.
    await expect
      .poll(async () => fresh.locator('time').getAttribute('datetime'), { timeout: 15_000 })
      .not.toBe(first);
    await screenshotBothThemes(app, 'shell-rates-fresh');
  });

  test('screen readers are not told about every tick: the shell has one announcer, silent while data ticks', async ({
    app,
  }) => {
    await app.getByTestId('nav-rates').click();
    await expect(app.getByTestId('last-refresh')).toContainText('Data as of', { timeout: 15_000 });
    const regions = app.locator(
      '[data-testid="topbar"] [aria-live], [data-testid="topbar"] [role="status"], [data-testid="topbar"] [role="alert"]',
    );
    await expect(regions).toHaveCount(0);
    await expect(app.getByTestId('announcer').locator('[aria-live]')).toHaveCount(2);
    // Record every change inside the app-level live regions across two ticks.
    await app.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { announced: string[] }).announced = log;
      const target = document.querySelector('[data-testid="announcer"]')!;
      new MutationObserver(() => log.push(target.textContent ?? '')).observe(target, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    // Two ticks shown, then a third: whatever the first two set off was said before the third came.
    const shownAt = () => app.getByTestId('last-refresh').locator('time').getAttribute('datetime');
    let seen = await shownAt();
    for (let tick = 0; tick < 3; tick++) {
      await expect.poll(shownAt, { timeout: 15_000 }).not.toBe(seen);
      seen = await shownAt();
    }
    const announced = await app.evaluate(() => (window as unknown as { announced: string[] }).announced);
    expect(announced.filter((t) => t.trim() !== '')).toEqual([]);
  });

  test('another screen opens at its top, not at the offset the last one was scrolled to', async ({ app }) => {
    await app.getByTestId('nav-settings').click();
    const main = app.locator('main#main');
    await expect(app.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await main.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    expect(await main.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await app.getByTestId('nav-overview').click();
    await expect(app.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect.poll(() => main.evaluate((el) => el.scrollTop)).toBe(0);
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
    await expect(app).toHaveTitle(/Rates — Merchant Desk$/);
  });
});
