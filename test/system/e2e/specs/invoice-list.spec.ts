import type { Page } from '@playwright/test';
import type { MerchantApi } from '@renderer/lib/merchant-api';
import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';
import { openScreen } from '../flows';
import { resetProfiles } from '../live-profile';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

/**
 * The invoice list past one page (issue 25 item 9): counted, paged, filtered. A host of its own, so
 * the count is of this spec's invoices only.
 */
test.use({ ownHost: true });
test.beforeEach(async ({ app }) => resetProfiles(app));

/** `count` invoices created through the bridge (the form is tested elsewhere), order IDs PAGE-001... */
async function createInvoices(app: Page, count: number): Promise<void> {
  await app.evaluate(async (n) => {
    const api = (window as unknown as { merchant: MerchantApi }).merchant;
    for (let i = 1; i <= n; i++) {
      const created = await api.invoices.create({
        order_id: `PAGE-${String(i).padStart(3, '0')}`,
        amount: '25.00',
      });
      if (!created.ok || created.data.outcome !== 'accepted') throw new Error(`invoice ${i} not created`);
    }
  }, count);
}

test('more invoices than a page: counted, paged, filtered by order ID, status and day', async ({ app }) => {
  await createInvoices(app, 53);
  await app.setViewportSize({ width: 1280, height: 720 });
  await openScreen(app, 'invoices');
  const count = app.getByTestId('invoices-count');
  const rows = app.getByTestId('invoice-row');
  await expect(count).toHaveText('Showing 1–50 of 53 invoices.');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText('PAGE-053');
  await app.getByTestId('invoice-pager').scrollIntoViewIfNeeded();
  await shootBoth(app, 'invoice-list-1280x720');

  await app.getByTestId('invoices-older-page').click();
  await expect(count).toHaveText('Showing 51–53 of 53 invoices.');
  await expect(rows).toHaveCount(3);
  await expect(rows.last()).toContainText('PAGE-001');

  // An order ID among the desk's own: found whatever page it was on.
  await app.getByTestId('invoice-filter-orderId').fill('PAGE-007');
  await expect(count).toHaveText('1 invoice that matches the filters.');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('PAGE-007');

  // Nothing here is paid: said as such, not as an empty desk.
  await app.getByTestId('invoice-filter-standing').selectOption({ label: 'Paid' });
  await expect(app.getByTestId('empty-state')).toContainText('No invoice matches the filters.');
  await app.getByTestId('invoice-filters-clear').click();
  await expect(count).toHaveText('Showing 1–50 of 53 invoices.');

  // Created today: all of them; from tomorrow: none.
  const day = (plus: number) => {
    const d = new Date(Date.now() + plus * 24 * 3600_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  await app.getByTestId('invoice-filter-from').fill(day(0));
  await expect(count).toHaveText('Showing 1–50 of 53 invoices that match the filters.');
  await app.getByTestId('invoice-filter-from').fill(day(1));
  await expect(app.getByTestId('empty-state')).toContainText('No invoice matches the filters.');
  await app.getByTestId('invoice-filters-clear').click();

  // An order ID the desk never created: where it may be, honestly.
  await app.getByTestId('invoice-filter-orderId').fill('SHOP-404');
  await expect(app.getByTestId('empty-state')).toContainText(
    'the service cannot look an invoice up by its order ID',
  );
  await app.getByTestId('invoice-filters-clear').click();
  await expect(count).toHaveText('Showing 1–50 of 53 invoices.');

  await app.setViewportSize({ width: 960, height: 600 });
  await app.getByTestId('invoice-filters').scrollIntoViewIfNeeded();
  await shootBoth(app, 'invoice-list-960x600');
  expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
  expect(await scrollsSideways(app)).toBe(false);
});
