import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';

const KEY = 'sk_live_e2e_DO_NOT_RENDER_91af27';

test.describe('settings and first run', () => {
  test('explains the Sandbox, then adds a live profile whose key goes to the keychain and never comes back', async ({
    app,
  }) => {
    await app.getByTestId('nav-settings').click();
    await expect(app.getByTestId('settings-screen')).toBeVisible();
    await expect(app.getByTestId('sandbox-intro')).toContainText(/play money/i);
    expect(await seriousViolations(app)).toEqual([]);
    await screenshotBothThemes(app, 'settings');

    const form = app.getByTestId('add-profile-form');
    await form.getByLabel('Profile name').fill('Acme live');
    await form.getByLabel('Base URL').fill('http://api.example.com');
    await form.getByLabel('Merchant ID').fill('acme-42');
    await form.getByLabel('API key').fill(KEY);
    await app.getByTestId('add-profile-submit').click();
    // Live needs https: the error sits next to the field, and nothing typed is lost.
    await expect(form).toContainText(/https/i);
    await expect(form.getByLabel('Merchant ID')).toHaveValue('acme-42');

    await form.getByLabel('Base URL').fill('https://api.example.com');
    await app.getByTestId('add-profile-submit').click();
    await expect(app.getByTestId('profile-created')).toBeVisible();
    await expect(app.getByTestId('key-stored').first()).toContainText('Stored in the system keychain');
    expect(await app.content()).not.toContain(KEY);
    const inputs = await app
      .locator('input')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(inputs).not.toContain(KEY);
  });

  test('switching to a live profile turns the badge red and says so', async ({ app }) => {
    await app.getByTestId('nav-settings').click();
    const form = app.getByTestId('add-profile-form');
    await form.getByLabel('Profile name').fill('Live two');
    await form.getByLabel('Base URL').fill('https://api.example.com');
    await form.getByLabel('Merchant ID').fill('acme-43');
    await form.getByLabel('API key').fill('sk_live_second_key_0042');
    await app.getByTestId('add-profile-submit').click();
    await expect(app.getByTestId('profile-created')).toBeVisible();
    const switcher = app.getByTestId('profile-switcher');
    const value = await switcher.locator('option', { hasText: 'Live two' }).getAttribute('value');
    await switcher.selectOption(value!);
    await expect(app.getByTestId('env-badge')).toHaveText(/LIVE/);
    await screenshotBothThemes(app, 'live-profile');
    await switcher.selectOption('sandbox');
    await expect(app.getByTestId('env-badge')).toHaveText(/SANDBOX/);
  });
});
