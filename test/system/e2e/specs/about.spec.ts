import { existsSync } from 'node:fs';
import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';
import type { RunningHost } from '../host/server';
import { axeBothThemes } from '../states';

/** Pushes a Help menu item to the page, as main does when the person picks it. */
async function chooseMenu(host: RunningHost, action: 'about' | 'export-diagnostics'): Promise<void> {
  const response = await fetch(new URL('/__host/emit', host.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.token}` },
    body: JSON.stringify({ channel: 'app:menu', payload: { action } }),
  });
  expect(response.status).toBe(204);
}

test.describe('Help → About', () => {
  test('opens from the navigation: versions, data folder, focus kept inside, Escape closes', async ({
    app,
  }, testInfo) => {
    const link = app.getByTestId('about-link');
    await link.click();
    const dialog = app.getByRole('dialog', { name: 'About Merchant Desk' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    const facts = dialog.getByTestId('about-facts');
    await expect(facts).toContainText(/Node\.js\s*\d+\.\d+\.\d+/);
    if (testInfo.project.name === 'electron') {
      await expect(facts).toContainText(/Electron\s*\d+\.\d+\.\d+/);
      await expect(facts).toContainText(/Chromium\s*\d+\./);
      await expect(dialog.getByTestId('about-data-dir')).not.toBeEmpty();
    } else {
      await expect(facts).toContainText(/Version\s*test-host/);
      // The browser host runs main in plain Node: no Electron or Chromium version to show there.
      await expect(facts).toContainText(/Electron\s*not running in Electron/);
      await expect(facts).toContainText(/Chromium\s*not running in Electron/);
      await expect(dialog.getByTestId('about-data-dir')).toHaveText(/md-host-/);
    }

    expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
    await screenshotBothThemes(app, 'about-dialog');

    // Tab cycles through the dialog only: the page behind it is inert.
    for (let i = 0; i < 8; i++) {
      await app.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await app.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });

  test('Help menu items open it, and Export diagnostics saves a zip and says where', async ({
    app,
    lazyHost,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', 'the menu is pushed through the browser test host');
    const host = await lazyHost.get();
    await expect(app.getByTestId('env-badge')).toHaveText(/SANDBOX/);
    await chooseMenu(host, 'about');
    const dialog = app.getByRole('dialog', { name: 'About Merchant Desk' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await chooseMenu(host, 'export-diagnostics');
    await expect(dialog).toBeVisible();
    const status = dialog.getByTestId('diagnostics-status');
    await expect(status).toContainText(/Saved \d+ files \(\d+ KB\) to/);
    const path = (await status.locator('code').textContent()) ?? '';
    expect(path).toMatch(/merchant-desk-diagnostics-[\d-]+\.zip$/);
    expect(existsSync(path)).toBe(true);
    await expect(app.getByTestId('announcer')).toContainText('Diagnostics saved.');
    expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
    await screenshotBothThemes(app, 'about-diagnostics-saved');

    // The button in the dialog does the same.
    await dialog.getByRole('button', { name: 'Export diagnostics…' }).click();
    await expect(status).toContainText(/Saved \d+ files/);
  });
});
