import { expect, test } from '../fixtures';

test('the app opens on the Sandbox profile with its badge and live data', async ({ app }) => {
  await expect(app.getByText(/SANDBOX/).first()).toBeVisible();
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await app.screenshot({ path: 'test/e2e/artifacts/smoke.png' });
});
