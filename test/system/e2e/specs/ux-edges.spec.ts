import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';
import { FIVE_UNKNOWN_WITHDRAWALS as FIVE } from '../unknown-entries';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

const SIZES = [
  { name: '1280x720', width: 1280, height: 720 },
  { name: '960x600', width: 960, height: 600 },
  // 200 % zoom of a 1280×720 window: a 640×360 CSS viewport.
  { name: '200pct', width: 640, height: 360 },
] as const;

/**
 * Opens `screen` with main's answers to "which entries are unknown" being the five; every other question
 * is answered for real. The page loads again, so nothing it read before the route (the shell's and the
 * Overview's first reads, on a quick machine) is kept: a change of hash alone would not read again.
 */
async function openWithFiveUnknowns(app: Page, screen: 'overview' | 'journal') {
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
  await app.goto(app.url().replace(/#.*$/, '') + `#/${screen}`);
  await app.reload();
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
    await openWithFiveUnknowns(app, 'overview');
    const card = app.getByTestId('needs-attention');
    await expect(card.getByTestId('attention-unknowns')).toContainText('5 outcomes are unknown');
    await shootSizes(app, 'ux25-overview', async () => {
      await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'ready');
    });
  });

  test('Journal: several unknowns chosen and decided together; date presets', async ({ app }) => {
    await openWithFiveUnknowns(app, 'journal');
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
    await openWithFiveUnknowns(app, 'overview');
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

test.describe('issue 25: Reconcile at the minimum window', () => {
  test('six-decimal balances: the asset table does not scroll sideways at 960x600 and the status is in view', async ({
    app,
  }) => {
    // Main's real session, with every figure written to six decimals, as a stablecoin ledger has them.
    await app.route('**/__host/ipc/reconcile:start', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as {
        ok: boolean;
        data: { lines: Record<string, unknown>[] };
      };
      for (const line of answer.data.lines) {
        for (const end of ['start', 'end'] as const) {
          const snap = line[end] as { total: string; frozen: string | null } | null;
          if (snap) Object.assign(snap, { total: '1234567.123456', frozen: '0.000000' });
        }
        Object.assign(line, { expected: '-25000.123456', observed: '-25000.123456', difference: '0.000000' });
      }
      await route.fulfill({ response, json: answer });
    });
    await app.setViewportSize({ width: 960, height: 600 });
    await app.goto(app.url().replace(/#.*$/, '') + '#/reconcile');
    await app.getByTestId('recon-presets-today').click();
    await app.getByTestId('recon-start').click();
    const table = app.getByTestId('recon-assets');
    await expect(table).toBeVisible();
    const frame = app.getByRole('region', { name: 'Balances by asset, scrollable' });
    for (const size of [SIZES[0], SIZES[1]]) {
      await app.setViewportSize({ width: size.width, height: size.height });
      await table.scrollIntoViewIfNeeded();
      await shootBoth(app, `ux25-reconcile-six-decimals-${size.name}`);
      const { scroll, client } = await frame.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(scroll, size.name).toBeLessThanOrEqual(client + 1);
      expect(await scrollsSideways(app)).toBe(false);
      // Each row's status is in sight without scrolling sideways (under the asset in a narrower window).
      const box = (await frame.boundingBox())!;
      const statuses = table.locator('.recon-status-inline');
      expect(await statuses.count()).toBeGreaterThan(0);
      for (const status of await statuses.all()) {
        await expect(status).toBeVisible();
        const at = (await status.boundingBox())!;
        expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
      }
    }
    for (const size of SIZES) {
      await app.setViewportSize({ width: size.width, height: size.height });
      await shootBoth(app, `ux25-reconcile-session-${size.name}`);
    }
  });
});
