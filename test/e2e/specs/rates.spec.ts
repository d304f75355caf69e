import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';

test.describe('rates', () => {
  test('lists every asset live, with search, sort, pause and per-network details', async ({ app }) => {
    await app.getByTestId('nav-rates').click();
    const rows = app.getByTestId('rate-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(5);

    // aria-sort sits on the column header; the button inside it toggles the order.
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
    await expect(rows.first()).toHaveAttribute('data-symbol', 'usdt');
    await app.getByRole('button', { name: 'Show networks for USDT' }).click();
    await expect(app.getByTestId('pair-row').first()).toBeVisible();
    await expect(app.getByTestId('pairs-table')).toContainText(/tron/i);

    await app.getByTestId('rates-pause').click();
    await expect(app.getByTestId('rates-pause')).toHaveAttribute('aria-pressed', 'true');
    await expect(app.getByTestId('rates-paused')).toBeVisible();
    expect(await seriousViolations(app)).toEqual([]);
    await app.getByTestId('rates-pause').click();
    await expect(app.getByTestId('rates-pause')).toHaveAttribute('aria-pressed', 'false');
  });

  test('screenshots', async ({ app }) => {
    await app.getByTestId('nav-rates').click();
    await expect(app.getByTestId('rate-row').first()).toBeVisible();
    await screenshotBothThemes(app, 'rates');
  });
});
