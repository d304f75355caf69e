import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expect, testWithOwnHost as test } from '../fixtures';
import { createWallet, queueFaultOnScreen, USDT_TRON } from '../flows';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';
import { parseCsv } from '@test/helpers/parse-csv';

/** The entry ids and state words of the rows on screen, top to bottom. */
async function rowsOnScreen(app: Page) {
  const rows = app.getByTestId('journal-row');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => ({ id: tr.getAttribute('data-id'), state: tr.getAttribute('data-state') })),
  );
}

test.describe('journal', () => {
  test('operations made through the UI: listed, filtered, exported and parsed back, chain intact, an unknown resolved with a reason', async ({
    app,
  }) => {
    await expect(app.getByTestId('connection-status')).toHaveText(/online/i);
    await createWallet(app, 'Journal till 1', 'wallet-result');
    await createWallet(app, 'Journal till 2', 'wallet-result');
    await queueFaultOnScreen(app, 'Create a wallet', 'Too many requests (429)');
    await createWallet(app, 'Journal refused', 'wallet-limit');
    await queueFaultOnScreen(app, 'Create a wallet', 'Connection drops after the service did it');
    await createWallet(app, 'Journal lost', 'wallet-unknown');

    await app.getByTestId('nav-journal').click();
    const screen = app.getByTestId('journal-screen');
    await expect(screen).toHaveAttribute('data-state', 'ready');
    await expect(app.getByRole('heading', { level: 1, name: 'Journal' })).toBeFocused();
    await expect(app.getByTestId('journal-screen').locator('.env-note')).toContainText('SANDBOX');
    const all = await rowsOnScreen(app);
    expect(all.length).toBeGreaterThanOrEqual(4);
    // Newest first: the lost one on top, then the refused one, then the two created.
    expect(all.slice(0, 4).map((r) => r.state)).toEqual(['unknown', 'rejected', 'accepted', 'accepted']);
    await expect(app.getByTestId('journal-pinned')).toContainText('needs a decision');
    await expect(app.getByTestId('journal-row').first()).toContainText(/USDT · TRON \(TRC-20\)/);
    await shootBoth(app, 'journal-list');

    // Filters narrow the list (in main), and the export holds exactly the filtered rows.
    await app.getByTestId('journal-filter-state').selectOption({ label: 'Refused' });
    await expect(app.getByTestId('journal-count')).toHaveText(/^1 entry match/);
    await expect(app.getByTestId('journal-row')).toHaveCount(1);
    await app.getByTestId('journal-filter-state').selectOption({ label: 'All states' });
    await app.getByTestId('journal-filter-pair').selectOption({ label: USDT_TRON });
    await expect(app.getByTestId('journal-count')).toContainText('match the filters');
    const address = (await app
      .getByTestId('journal-row')
      .nth(2)
      .locator('.journal-row__ref')
      .getAttribute('title'))!;
    await app.getByTestId('journal-filter-text').fill(address.slice(4, 20));
    await expect(app.getByTestId('journal-row')).toHaveCount(1);
    await expect(app.getByTestId('journal-row')).toHaveAttribute('data-id', all[2]!.id!);
    await app.getByTestId('journal-filter-text').fill("' OR 1=1 --");
    await expect(screen).toHaveAttribute('data-state', 'empty');
    await expect(app.getByTestId('empty-state')).toContainText('No entry matches these filters.');
    await app.getByTestId('journal-filter-text').fill('');
    await expect(screen).toHaveAttribute('data-state', 'ready');

    // The list is virtualised: the rows in the page are the newest ones; the count is all of them.
    const shown = await rowsOnScreen(app);
    const count = Number((await app.getByTestId('journal-list').getAttribute('data-total'))!);
    expect(count).toBeGreaterThanOrEqual(shown.length);
    await app.getByTestId('journal-export').click();
    const saved = app.getByTestId('journal-export-result');
    await expect(saved).toContainText(`Saved ${count} rows of Sandbox entries`);
    const path = (await app.getByTestId('journal-export-path').textContent())!;
    const rows = parseCsv(readFileSync(path, 'utf8'));
    expect(rows).toHaveLength(count);
    // Oldest first in the file, newest first on screen: the file's last rows are the screen's first.
    expect(rows.slice(-shown.length).map((r) => ({ id: r.id, state: r.state }))).toEqual(
      [...shown].reverse(),
    );
    expect(rows.every((r) => r.coin === 'usdt' && r.network === 'tron' && r.environment === 'sandbox')).toBe(
      true,
    );
    expect(rows.every((r) => r.amount_unit === '' || (r.usd_basis ?? '').length > 0)).toBe(true);
    const head = readFileSync(`${path}.chain-head.txt`, 'utf8').trim();
    expect(head).toMatch(/^[0-9a-f]{64}$/);

    // Verify chain: intact, up to the head written beside the export.
    await app.getByTestId('journal-verify').click();
    const verified = app.getByTestId('journal-verify-result');
    await expect(verified).toContainText(/Journal intact · [\d,]+ events checked/);
    await expect(verified.locator('code')).toHaveAttribute('title', head);
    await shootBoth(app, 'journal-verify');

    // The unknown entry: no evidence for a wallet; a named person decides, with a reason.
    await app.getByTestId('journal-pinned-entry').first().click();
    const details = app.getByTestId('journal-details');
    await expect(details.getByRole('heading', { name: /Entry #\d+ · Wallet/ })).toBeFocused();
    await expect(details.getByTestId('journal-no-evidence')).toBeVisible();
    await expect(details.getByTestId('journal-signed-body')).toHaveText(/^\{"coin":"usdt","network":"tron"/);
    await expect(details.getByTestId('journal-entry-chain')).toContainText('Chain verified up to this entry');
    await shootBoth(app, 'journal-resolution');
    await details.getByTestId('journal-decision-submit').click();
    await expect(details.getByText('Choose whether it was done.')).toBeVisible();
    await details.getByLabel('It was done (the service performed it)').check();
    await details
      .getByTestId('journal-decision-reason')
      .fill('The wallet is listed on the service dashboard (checked 10:05).');
    await details.getByTestId('journal-decision-name').fill('Dana Ruiz');
    await details.getByTestId('journal-decision-submit').click();
    const timeline = details.getByTestId('journal-timeline');
    await expect(timeline.locator('li[data-type="resolve"]')).toContainText(
      /Resolved as done by .+ \(wrote: Dana Ruiz\)\./,
    );
    await expect(timeline.locator('li[data-type="resolve"]')).toContainText(
      'listed on the service dashboard',
    );
    await expect(details.getByTestId('journal-resolve')).toHaveCount(0);
    await expect(app.getByTestId('journal-pinned')).toHaveCount(0);
    await expect(app.locator(`tr[data-id="${all[0]!.id}"]`)).toHaveAttribute(
      'data-state',
      'resolved-performed',
    );
    await shootBoth(app, 'journal-details');

    expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
  });

  for (const size of [
    { width: 1280, height: 720 },
    { width: 960, height: 600 },
  ])
    test(`axe clean and no sideways scroll at ${size.width}×${size.height}, details open`, async ({
      app,
    }) => {
      await app.setViewportSize(size);
      await createWallet(app, 'Journal size check', 'wallet-result');
      await app.getByTestId('nav-journal').click();
      await expect(app.getByTestId('journal-screen')).toHaveAttribute('data-state', 'ready');
      await app.getByTestId('journal-row').first().getByRole('button').click();
      await expect(app.getByTestId('journal-timeline')).toBeVisible();
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `journal-${size.width}x${size.height}`);
    });
});
