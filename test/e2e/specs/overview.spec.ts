import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';

test('overview shows every balance with totals and charts', async ({ app }) => {
  await expect(app.getByTestId('overview-screen')).toBeVisible();
  const rows = app.getByTestId('balance-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(5);
  await expect(app.getByTestId('balances-total')).toContainText('$');
  await expect(app.getByTestId('balances-total')).not.toContainText('$0.00');
  await expect(app.getByTestId('valuation-chart')).toBeVisible();
  await expect(app.getByTestId('history-chart')).toBeVisible();
  // The sandbox's usdt/tron balance is 25,000 play dollars: numbers arrive intact, grouped.
  await expect(app.getByTestId('balances-table')).toContainText('25,000');
  // Fields the spec does not name are still reachable.
  await app.getByRole('button', { name: /Show \d+ more fields? for BTC/ }).click();
  await expect(app.getByTestId('balances-table')).toContainText(/usd rate/i);
  expect(await seriousViolations(app)).toEqual([]);
  await screenshotBothThemes(app, 'overview');
});
