import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';
import type { RunningHost } from '../host/server';
import {
  answerChannel,
  axeBothThemes,
  cutConnection,
  restoreConnection,
  scrollsSideways,
  shootBoth,
} from '../states';

/** A rates snapshot with the given prices (one network each), as main would push it. */
function snapshot(prices: Record<string, string>, extra: object = {}) {
  return {
    // The active profile's: the rates store takes a tick only for the profile on screen.
    profileId: 'sandbox',
    rows: Object.entries(prices).map(([symbol, usdPrice]) => ({
      symbol,
      name: `${symbol.toUpperCase()} coin`,
      type: 'crypto',
      usdPrice,
      openPrice: usdPrice,
      pairs: [],
    })),
    history: {},
    lastTickAt: new Date().toISOString(),
    stale: false,
    paused: false,
    error: null,
    ...extra,
  };
}

async function emitTick(host: RunningHost, payload: unknown): Promise<void> {
  const response = await fetch(new URL('/__host/emit', host.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.token}` },
    body: JSON.stringify({ channel: 'rates:tick', payload }),
  });
  expect(response.status).toBe(204);
}

/**
 * Holds the event stream open without ever sending a tick. The page opened its stream as it loaded,
 * before the route existed: it reloads, so the stream it listens to is the silent one (the host ticks
 * every second, so the stream already open would deliver a tick within the test's first steps).
 */
async function silenceTicks(page: Page): Promise<void> {
  await page.route('**/__host/events**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: ': quiet\n\n' }),
  );
  await page.reload();
}

const symbols = (page: Page) =>
  page.getByTestId('rate-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol')));

test.describe('rates', () => {
  test('lists every asset live, with search, sort, pause and per-network details', async ({ app }) => {
    await app.getByTestId('nav-rates').click();
    const rows = app.getByTestId('rate-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(5);

    const priceHeader = app.getByRole('columnheader').filter({ has: app.getByTestId('sort-price') });
    await app.getByTestId('sort-price').click();
    const sort = await priceHeader.getAttribute('aria-sort');
    expect(['ascending', 'descending']).toContain(sort);
    const first = await rows.first().getAttribute('data-symbol');
    await app.getByTestId('sort-price').click();
    await expect(priceHeader).not.toHaveAttribute('aria-sort', sort!);
    await expect(rows.first()).not.toHaveAttribute('data-symbol', first!);

    await app.getByTestId('rates-search').fill('usdt');
    await expect(rows).toHaveCount(1);
    await app.getByRole('button', { name: 'Show networks for USDT' }).click();
    await expect(app.getByTestId('pairs-table')).toContainText('TRON (TRC-20)');

    // Found by a network name, not by symbol or name: the row says which network matched.
    await app.getByTestId('rates-search').fill('trc-20');
    await expect(app.locator('[data-testid="rate-row"][data-symbol="usdt"]')).toContainText(
      'Tether USD — TRON (TRC-20)',
    );
    await app.getByTestId('rates-search').fill('usdt');

    await app.getByTestId('rates-pause').click();
    await expect(app.getByTestId('rates-paused')).toBeVisible();
    expect(await seriousViolations(app)).toEqual([]);
    await app.getByTestId('rates-pause').click();
    await expect(app.getByTestId('rates-pause')).toHaveAttribute('aria-pressed', 'false');
  });

  test('prices at sensible precision, labelled change, one sparkline scale, 24 px targets', async ({
    app,
  }) => {
    await app.getByTestId('nav-rates').click();
    const btc = app.locator('[data-testid="rate-row"][data-symbol="btc"]');
    await expect(btc).toBeVisible();
    // A five-figure price in dollars and cents, not eight decimals.
    const price = await btc
      .locator('td.num')
      .first()
      .evaluate((td) =>
        [...td.querySelectorAll('.money')]
          .map((m) => [...m.childNodes].filter((n) => !(n as Element).classList?.contains('money__pad')))
          .flat()
          .map((n) => n.textContent)
          .join(''),
      );
    expect(price).toMatch(/^\$[\d,]+\.\d{2}$/);
    await expect(app.getByRole('columnheader', { name: /Change since app start/ })).toBeVisible();
    await expect(app.getByTestId('rates-note')).toContainText('not a 24-hour change');
    // The stablecoin's small wobble stays small on the shared scale once it has a few points.
    const usdtLine = app.locator('[data-symbol="usdt"] svg.sparkline polyline');
    await expect(usdtLine).toBeAttached({ timeout: 20_000 });
    const ys = await usdtLine.evaluate((line) =>
      (line.getAttribute('points') ?? '').split(' ').map((p) => Number(p.split(',')[1])),
    );
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(8);
    const box = await app
      .getByRole('button', { name: /Show networks for/ })
      .first()
      .boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
  });

  test('rows do not reorder under the pointer; they do once it leaves', async ({ app, lazyHost }) => {
    const host = await lazyHost.get();
    await app.getByTestId('nav-rates').click();
    await expect(app.getByTestId('rate-row').first()).toBeVisible();
    await app.getByTestId('rates-pause').click(); // main stops ticking; the test drives the prices
    await expect(app.getByTestId('rates-paused')).toBeVisible();
    // Main is paused, so the driven snapshots say so too (and the last click resumes it).
    await emitTick(host, snapshot({ aaa: '3', bbb: '2', ccc: '1' }, { paused: true }));
    await app.getByTestId('sort-price').click(); // ascending
    await expect.poll(() => symbols(app)).toEqual(['ccc', 'bbb', 'aaa']);
    await app.getByTestId('rate-row').first().hover();
    await expect(app.getByTestId('rates-order')).toHaveAttribute('data-held', 'true');
    await emitTick(host, snapshot({ aaa: '1', bbb: '2', ccc: '3' }, { paused: true }));
    // The new prices are on screen, in the old order.
    await expect(app.locator('[data-symbol="ccc"] td.num').first()).toContainText('3.0000');
    expect(await symbols(app)).toEqual(['ccc', 'bbb', 'aaa']);
    await app.mouse.move(5, 5);
    await expect.poll(() => symbols(app)).toEqual(['aaa', 'bbb', 'ccc']);
    await app.getByTestId('rates-pause').click();
    await expect(app.getByTestId('rates-pause')).toHaveAttribute('aria-pressed', 'false');
  });

  test('connecting is loading, not stale or empty; then error, empty and stale each look distinct', async ({
    app,
    lazyHost,
  }) => {
    await answerChannel(app, 'rates:snapshot', { ...snapshot({}), lastTickAt: null, stale: true });
    await silenceTicks(app);
    await app.getByTestId('nav-rates').click();
    const screen = app.getByTestId('rates-screen');
    await expect(screen).toHaveAttribute('data-state', 'loading');
    await expect(screen).not.toContainText(/Stale|never|no assets/i);
    await shootBoth(app, 'rates-loading');

    await app.unroute('**/__host/ipc/rates:snapshot');
    const offline = {
      kind: 'transport',
      message:
        'Could not connect to the service for getCoinRates (ECONNREFUSED); nothing was sent. Check the network and the profile address, then try again.',
    };
    await answerChannel(app, 'rates:snapshot', {
      ...snapshot({}),
      lastTickAt: null,
      stale: true,
      error: offline,
    });
    await app.reload();
    await expect(screen).toHaveAttribute('data-state', 'error');
    await expect(app.getByTestId('error-notice')).toHaveCount(1);
    await expect(app.getByTestId('stale-notice')).toHaveCount(0);
    await expect(app.getByTestId('error-notice')).toContainText('Prices could not be loaded.');
    await expect(app.getByTestId('error-notice').getByText(/getCoinRates/)).toBeHidden();
    await shootBoth(app, 'rates-error');

    await app.unroute('**/__host/ipc/rates:snapshot');
    await answerChannel(app, 'rates:snapshot', snapshot({}));
    await app.reload();
    await expect(screen).toHaveAttribute('data-state', 'empty');
    await expect(app.getByTestId('empty-state')).toContainText('The service lists no assets right now.');
    await shootBoth(app, 'rates-empty');

    // Stale, for real: the connection is cut and ticks stop arriving.
    await app.unroute('**/__host/ipc/rates:snapshot');
    await app.unroute('**/__host/events**');
    await app.reload();
    await expect(screen).toHaveAttribute('data-state', 'ready');
    await shootBoth(app, 'rates-data');
    const host = await lazyHost.get();
    cutConnection(host);
    try {
      await expect(screen).toHaveAttribute('data-state', 'stale', { timeout: 40_000 });
      await expect(app.getByTestId('stale-notice')).toHaveCount(1);
      await expect(app.getByTestId('error-notice')).toHaveCount(0);
      await expect(app.getByTestId('stale-notice')).toContainText(
        /Prices may be out of date: showing them as of \d\d:\d\d/,
      );
      await expect(app.locator('.stale-figures--stale [data-testid="rates-table"]')).toBeVisible();
      await shootBoth(app, 'rates-stale');
    } finally {
      restoreConnection(host);
    }
  });

  for (const size of [
    { width: 1280, height: 720 },
    { width: 960, height: 600 },
  ])
    test(`axe and a readable name column at ${size.width}×${size.height}`, async ({ app }) => {
      await app.setViewportSize(size);
      await app.getByTestId('nav-rates').click();
      await expect(app.getByTestId('rate-row').first()).toBeVisible();
      const name = app.getByTestId('rate-row').first().locator('td.truncate');
      expect((await name.boundingBox())!.width).toBeGreaterThanOrEqual(100);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `rates-${size.width}x${size.height}`);
    });

  test('at 200 % zoom (640×360 CSS px) several rows are visible and names readable', async ({ app }) => {
    await app.setViewportSize({ width: 640, height: 360 });
    await app.getByTestId('nav-rates').click();
    const table = app.getByTestId('rates-table');
    await table.scrollIntoViewIfNeeded();
    const box = (await table.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(5 * 37);
    const name = app.getByTestId('rate-row').first().locator('td.truncate');
    expect((await name.boundingBox())!.width).toBeGreaterThanOrEqual(100);
    expect(await scrollsSideways(app)).toBe(false);
    await shootBoth(app, 'rates-zoom200');
  });

  test('screenshots', async ({ app }) => {
    await app.getByTestId('nav-rates').click();
    await expect(app.getByTestId('rate-row').first()).toBeVisible();
    await screenshotBothThemes(app, 'rates');
  });
});
