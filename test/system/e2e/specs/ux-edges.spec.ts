import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

const SIZES = [
  { name: '1280x720', width: 1280, height: 720 },
  { name: '960x600', width: 960, height: 600 },
  // 200 % zoom of a 1280×720 window: a 640×360 CSS viewport.
  { name: '200pct', width: 640, height: 360 },
] as const;

/** Five unknown withdrawals of the Sandbox, as main would list them. */
const FIVE = ['71', '72', '73', '74', '75'].map((id, i) => ({
  id,
  operation: 'createWithdrawal',
  profileId: 'sandbox',
  environment: 'sandbox',
  state: 'unknown',
  createdAt: `2026-11-26T0${i}:00:00.000Z`,
  updatedAt: `2026-11-26T0${i}:00:00.000Z`,
  fields: {
    coin: 'usdt',
    network: 'tron',
    amount: `1${i}.5`,
    toAddress: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  },
  externalIds: {},
  settlement: null,
  resolution: null,
  response: null,
  error: null,
}));

/** Main's answers to "which entries are unknown" are the five; every other question is answered for real. */
async function fiveUnknowns(app: Page) {
  await app.route('**/__host/ipc/journal:*', async (route) => {
    const url = route.request().url();
    const body = route.request().postDataJSON() as {
      payload?: { state?: string; filter?: { state?: string } };
    };
    const unknown = body.payload?.state === 'unknown' || body.payload?.filter?.state === 'unknown';
    if (!unknown) return route.continue();
    const data = url.endsWith('journal:page')
      ? { entries: FIVE, total: 5, anchor: 99, newer: 0, pairs: [] }
      : { entries: FIVE };
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ok: true, data }),
    });
  });
}

async function shootSizes(app: Page, name: string, ready: () => Promise<void>) {
  for (const size of SIZES) {
    await app.setViewportSize({ width: size.width, height: size.height });
    await ready();
    await shootBoth(app, `${name}-${size.name}`);
  }
}

test.describe('issue 25: the rest of the list', () => {
  test('Overview: needs attention, shortcuts, the chart from zero', async ({ app }) => {
    await fiveUnknowns(app);
    await app.goto(app.url().replace(/#.*$/, '') + '#/overview');
    const card = app.getByTestId('needs-attention');
    await expect(card.getByTestId('attention-unknowns')).toContainText('5 outcomes are unknown');
    await shootSizes(app, 'ux25-overview', async () => {
      await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    });
  });

  test('Journal: several unknowns chosen and decided together; date presets', async ({ app }) => {
    await fiveUnknowns(app);
    await app.goto(app.url().replace(/#.*$/, '') + '#/journal');
    await app.getByTestId('journal-pinned-choose-all').click();
    await expect(app.getByTestId('journal-many-decision')).toContainText(
      'Decide the 5 chosen entries together',
    );
    await app.getByTestId('journal-filter-presets-this-month').click();
    await shootSizes(app, 'ux25-journal', async () => {
      await expect(app.getByTestId('journal-pinned')).toBeVisible();
    });
  });

  test('Reconcile: quick periods', async ({ app }) => {
    await app.goto(app.url().replace(/#.*$/, '') + '#/reconcile');
    await app.getByTestId('recon-presets-last-month').click();
    await shootSizes(app, 'ux25-reconcile', async () => {
      await expect(app.getByTestId('recon-start-form')).toBeVisible();
    });
  });
});

test.describe('issue 25: 200 % zoom and landmarks', () => {
  test('at 200 % the warnings scroll away and the screen gets the height below the top bar', async ({
    app,
  }) => {
    await fiveUnknowns(app);
    await app.reload();
    await app.setViewportSize({ width: 640, height: 360 });
    const banner = app.getByTestId('unknown-withdrawals-shell');
    await expect(banner.getByTestId('unknown-withdrawals-count')).toHaveText('5');
    // The warnings are a landmark of their own, as are the top bar and the screen.
    await expect(
      app.getByRole('region', { name: 'Warnings' }).getByTestId('unknown-withdrawals-shell'),
    ).toBeVisible();
    const topbar = (await app.getByTestId('topbar').boundingBox())!.height;
    expect(topbar).toBeLessThan(360 * 0.25);
    await app.locator('main').scrollIntoViewIfNeeded();
    await app.evaluate(() => document.querySelector('main')!.scrollIntoView());
    const main = (await app.locator('main').boundingBox())!;
    // Once scrolled to, the screen has everything below the top bar.
    expect(main.height).toBeGreaterThanOrEqual(360 - topbar - 2);
    expect(main.y).toBeGreaterThanOrEqual(topbar - 2);
    await shootBoth(app, 'ux25-shell-200pct-scrolled');
  });

  test('at 200 % the Overview balances table is reached by keyboard, with no serious axe violation', async ({
    app,
  }) => {
    await app.setViewportSize({ width: 640, height: 360 });
    await app.goto(app.url().replace(/#.*$/, '') + '#/overview');
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    const region = app.getByRole('region', { name: 'Balances, scrollable' });
    await app.getByTestId('toggle-empty-balances').focus();
    await app.keyboard.press('Shift+Tab');
    await expect(region).toBeFocused();
    await app.keyboard.press('ArrowRight');
    expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
    expect(await scrollsSideways(app)).toBe(false);
  });
});
