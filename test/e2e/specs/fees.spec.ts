import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';

test('fees show the merchant quote beside the clearly labelled public catalog', async ({ app }) => {
  await app.getByTestId('nav-fees').click();
  await expect(app.getByTestId('fees-screen')).toBeVisible();
  await expect(app.getByTestId('merchant-fees')).toBeVisible();
  await expect(app.getByTestId('merchant-fees')).toContainText(/fee/i);
  const catalog = app.getByTestId('catalog-fees');
  await expect(
    catalog.getByRole('heading', { name: /Public catalog — not your merchant quote/ }),
  ).toBeVisible();
  await expect(app.getByTestId('catalog-row').first()).toBeVisible();
  expect(await seriousViolations(app)).toEqual([]);
  await screenshotBothThemes(app, 'fees');
});
