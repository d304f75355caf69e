import { seriousViolations } from '../axe';
// Its own host: the balances asserted here are the Sandbox's starting figures, which other specs move.
import { ARTIFACTS, expect, saveScreenshot, testWithOwnHost as test } from '../fixtures';
import {
  answerChannel,
  axeBothThemes,
  cutConnection,
  holdChannel,
  restoreConnection,
  scrollsSideways,
  shootBoth,
} from '../states';

test.describe('overview', () => {
  test('balances carry units and network names, fold zero rows, subtotal per coin', async ({ app }) => {
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    const table = app.getByTestId('balances-table');
    // Every amount carries its unit; the sandbox's usdt/tron holds 25,000.
    await expect(table).toContainText(/25,000(\.\d+)?\u00a0USDT/);
    await expect(table.getByRole('rowheader', { name: /TRON \(TRC-20\)/ }).first()).toBeVisible();
    // No raw network codes as row headers.
    const headers = await table.locator('.balance-network > th').allInnerTexts();
    expect(headers.filter((h) => /^[a-z0-9]+$/.test(h.trim()))).toEqual([]);
    // Zero rows are folded behind one toggle.
    const toggle = app.getByTestId('toggle-empty-balances');
    await expect(toggle).toHaveText(/Show \d+ empty networks?/);
    expect(await table.locator('[data-empty="true"]').count()).toBe(0);
    await toggle.click();
    await expect(table.locator('[data-empty="true"]').first()).toBeVisible();
    await toggle.click();
    // Per-coin subtotals in the coin's own unit, the rate formatted with its time.
    await expect(app.locator('[data-testid="coin-subtotal"][data-coin="usdt"]')).toContainText(
      /USDT on \d+ networks.*29,200\.5\u00a0USDT/,
    );
    // A coin on a single network is one row that names both.
    await expect(app.locator('[data-testid="coin-subtotal"][data-coin="btc"]')).toContainText(
      'BTC on Bitcoin',
    );
    await expect(app.getByTestId('usd-rate').first()).toHaveText(
      /^1 [A-Z]+ = \$[\d,]+\.\d{2,10} · rate at \d\d:\d\d/,
    );
    await expect(app.getByTestId('balance-help')).toContainText('Frozen');
    // Nothing in the header speaks on every poll.
    // (Recharts' tooltip is a live region only while the pointer is on a chart.)
    const header = app.getByTestId('overview-screen').locator('.screen-header');
    expect(await header.locator('[aria-live], [role="status"]').count()).toBe(0);
  });

  test('the total USD chart draws a line within two refreshes, and says what moves it', async ({ app }) => {
    const chart = app.getByTestId('history-chart');
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-line-curve')).toBeVisible({ timeout: 20_000 });
    await expect(app.getByTestId('history-note')).toContainText(
      /prices as well as with deposits and withdrawals/,
    );
    // The tooltip's label stays readable in dark mode (it was white on white).
    await app.emulateMedia({ colorScheme: 'dark' });
    const surface = chart.locator('.recharts-surface');
    await surface.scrollIntoViewIfNeeded();
    const box = (await surface.boundingBox())!;
    await app.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await app.mouse.move(box.x + box.width - 30, box.y + box.height / 2, { steps: 5 });
    const label = chart.locator('.recharts-tooltip-label');
    await expect(label).toBeVisible();
    const colours = await label.evaluate((el) => {
      const wrapper = el.closest('.recharts-default-tooltip')!;
      return { text: getComputedStyle(el).color, background: getComputedStyle(wrapper).backgroundColor };
    });
    expect(colours.text).not.toBe(colours.background);
    expect(await seriousViolations(app)).toEqual([]);
    await saveScreenshot(app, { path: `${ARTIFACTS}overview-tooltip-dark.png` });
    await app.emulateMedia({ colorScheme: 'light' });
  });

  test('loading, empty, error and stale look distinct, one banner per cause', async ({ app, lazyHost }) => {
    const host = await lazyHost.get();
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    await shootBoth(app, 'overview-data');

    // Stale: the connection is cut mid-session and a refresh fails.
    cutConnection(host);
    try {
      await app.getByRole('button', { name: 'Refresh', exact: true }).click();
      const screen = app.getByTestId('overview-screen');
      await expect(screen).toHaveAttribute('data-state', 'stale', { timeout: 30_000 });
      await expect(app.getByTestId('stale-notice')).toHaveCount(1);
      await expect(app.getByTestId('stale-notice')).toContainText(
        /Balances may be out of date: showing them as of \d\d:\d\d \((just now|\d+ min ago)\)/,
      );
      // One banner per cause: the shell's offline banner names it; the screen points up to it.
      await expect(app.getByTestId('connection-banner')).toHaveCount(1);
      await expect(app.getByTestId('connection-banner')).toContainText('The service cannot be reached');
      await expect(app.getByTestId('stale-notice')).toContainText('connection notice at the top');
      await expect(app.getByTestId('stale-notice')).not.toContainText('cannot reach');
      await expect(app.getByTestId('error-notice')).toHaveCount(0);
      // Internal call names and errno codes are folded away, not in the banner's words.
      const visible = await app.getByTestId('stale-notice').evaluate((el) =>
        [...el.children]
          .filter((c) => c.tagName !== 'DETAILS')
          .map((c) => c.textContent)
          .join(' '),
      );
      expect(visible).not.toMatch(/getMerchantBalances|ECONN/);
      // Figures are dimmed: the amounts take the muted colour.
      const colours = await app.evaluate(() => {
        const money = document.querySelector('[data-testid="balances-table"] .money');
        const muted = getComputedStyle(document.documentElement).getPropertyValue('--text-muted');
        const probe = document.createElement('span');
        probe.style.color = muted;
        document.body.append(probe);
        const expected = getComputedStyle(probe).color;
        probe.remove();
        return { actual: money ? getComputedStyle(money).color : null, expected };
      });
      expect(colours.actual).toBe(colours.expected);
      await shootBoth(app, 'overview-stale');
    } finally {
      restoreConnection(host);
    }
  });

  test('first load: a skeleton, then an error in plain words, then an empty account', async ({ app }) => {
    // The host is shared: wait until an earlier spec's cut connection is back, so the shell shows no
    // offline banner and this screen's own error words the cause itself.
    await expect(app.getByTestId('connection-status')).toHaveText(/online/i, { timeout: 20_000 });
    await holdChannel(app, 'balances:get');
    await app.reload();
    await expect(app.getByTestId('loading')).toBeVisible();
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'loading');
    await shootBoth(app, 'overview-loading');

    await app.unroute('**/__host/ipc/balances:get');
    await app.route('**/__host/ipc/balances:get', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          ok: false,
          error: {
            kind: 'transport',
            message:
              'Could not connect to the service for getMerchantBalances (ECONNREFUSED); nothing was sent. Check the network and the profile address, then try again.',
            details: { cause: 'not-connected', code: 'ECONNREFUSED', notSent: true },
          },
        }),
      }),
    );
    await app.reload();
    const error = app.getByTestId('error-notice');
    await expect(error).toHaveCount(1);
    await expect(error).toContainText('Balances could not be loaded.');
    await expect(error).toContainText('Merchant Desk cannot reach the payment service.');
    await expect(error).toContainText('Nothing was sent or changed');
    await expect(error.getByText(/getMerchantBalances/)).toBeHidden();
    await shootBoth(app, 'overview-error');

    await app.unroute('**/__host/ipc/balances:get');
    await answerChannel(app, 'balances:get', {
      rows: [],
      totalUsd: '0',
      fetchedAt: new Date().toISOString(),
      raw: { balances: [] },
    });
    await app.reload();
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'empty');
    await expect(app.getByTestId('empty-state')).toContainText('No balances yet.');
    await shootBoth(app, 'overview-empty');
  });

  for (const size of [
    { width: 1280, height: 720 },
    { width: 960, height: 600 },
  ])
    test(`axe finds nothing serious at ${size.width}×${size.height}, light and dark`, async ({ app }) => {
      await app.setViewportSize(size);
      await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
      await app.getByTestId('toggle-empty-balances').click();
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `overview-${size.width}x${size.height}`);
    });

  test('at 200 % zoom (640×360 CSS px) the page does not scroll sideways', async ({ app }) => {
    await app.setViewportSize({ width: 640, height: 360 });
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    await shootBoth(app, 'overview-zoom200');
    expect(await scrollsSideways(app)).toBe(false);
  });
});
