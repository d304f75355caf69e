import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';
import { UNREACHABLE, addLiveProfile, resetProfiles } from '../live-profile';

const KEY = 'sk_live_e2e_DO_NOT_RENDER_91af27';
const SANDBOX_COPY = /you are in the sandbox|nothing here moves real funds/i;

test.beforeEach(async ({ app }) => resetProfiles(app));
test.afterEach(async ({ app }) => resetProfiles(app));

test.describe('settings', () => {
  test('never speaks of the Sandbox while a live profile is active; each card explains its own environment', async ({
    app,
  }) => {
    await addLiveProfile(app, { name: 'Acme live', key: KEY, activate: true });
    await expect(app.getByTestId('env-badge')).toHaveText(/LIVE/);
    await app.getByTestId('nav-settings').click();
    const cards = app.getByTestId('profile-card');
    await expect(cards).toHaveCount(2);
    await expect(app.getByTestId('sandbox-intro')).toHaveCount(0);
    const outsideCards = await app.getByTestId('settings-screen').evaluate((el) => {
      const clone = el.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('[data-testid="profile-card"]').forEach((c) => c.remove());
      return clone.textContent ?? '';
    });
    expect(outsideCards).not.toMatch(SANDBOX_COPY);
    const live = cards.filter({ hasText: 'Acme live' });
    await expect(live.getByTestId('env-note')).toHaveText(/Live: real funds/);
    await expect(live).toContainText('(active)');
    await expect(cards.filter({ hasText: 'Built into Merchant Desk' }).getByTestId('env-note')).toHaveText(
      /Sandbox: play money/,
    );
    // Signing mode is under Advanced, closed.
    await expect(live.getByLabel('Request signing')).toBeHidden();
    expect(await seriousViolations(app)).toEqual([]);
    await screenshotBothThemes(app, 'settings-live-active');
  });

  test('adding a live profile: every problem at once in plain words, focus on the summary', async ({
    app,
  }) => {
    await app.getByTestId('nav-settings').click();
    const form = app.getByTestId('add-profile-form');
    await form.getByLabel('Service address').fill('http://api.example.com');
    await form.getByLabel('API key').fill('short');
    await app.getByTestId('add-profile-submit').click();
    const summary = form.getByTestId('error-summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('listitem')).toHaveCount(4);
    await expect(summary).toContainText('https://');
    await expect(summary).toContainText('too short to be an API key');
    await expect(summary).not.toContainText(/baseUrl|apiKey|merchantId|keychain/);
    await expect(form.getByLabel('Service address')).toHaveAttribute('aria-invalid', 'true');
    await screenshotBothThemes(app, 'settings-add-errors');
    // A summary entry takes you to its field.
    await summary.getByRole('link', { name: /Merchant ID/ }).click();
    await expect(form.getByLabel('Merchant ID')).toBeFocused();
    await expect(app.getByTestId('profile-card')).toHaveCount(1);
  });

  test('an unreachable address is not saved as a success; edit and remove work, the Sandbox cannot be removed', async ({
    app,
  }) => {
    await app.getByTestId('nav-settings').click();
    const form = app.getByTestId('add-profile-form');
    await form.getByLabel('Profile name').fill('Acme live');
    await form.getByLabel('Service address').fill(UNREACHABLE);
    await form.getByLabel('Merchant ID').fill('acme-42');
    await form.getByLabel('API key').fill(KEY);
    await app.getByTestId('add-profile-submit').click();
    const result = form.getByTestId('test-result');
    await expect(result).toHaveAttribute('data-outcome', 'unreachable');
    await expect(result).toContainText('could not be reached');
    await expect(result).toContainText(/Checked .*\d{4}.*(UTC|GMT)/);
    await expect(form.getByTestId('not-saved')).toBeVisible();
    await expect(app.getByTestId('profile-created')).toHaveCount(0);
    await expect(app.getByTestId('profile-card')).toHaveCount(1);
    await form.getByTestId('not-saved').scrollIntoViewIfNeeded();
    await screenshotBothThemes(app, 'settings-add-unreachable');

    await app.getByTestId('add-profile-save-anyway').click();
    const created = app.getByTestId('profile-created');
    await expect(created).toContainText('not confirmed');
    await expect(created).toContainText(`ending …${KEY.slice(-4)}`);
    const card = app.getByTestId('profile-card').filter({ hasText: 'Acme live' });
    await expect(card.getByTestId('key-fingerprint')).toHaveText(`…${KEY.slice(-4)}`);
    expect(await app.content()).not.toContain(KEY);

    // Test connection after saving, from the card.
    await card.getByTestId('test-connection').click();
    await expect(card.getByTestId('test-result')).toHaveAttribute('data-outcome', 'unreachable');

    // Edit: problems found at once, then a valid change saved.
    await card.getByTestId('edit-profile').click();
    const edit = card.getByTestId('edit-profile-form');
    await edit.getByLabel('Profile name').fill('');
    await edit.getByLabel('Service address').fill('http://127.0.0.1:9');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByTestId('error-summary')).toBeFocused();
    // The name, the address, and the key: a new address needs the stored key entered again.
    await expect(edit.getByTestId('error-summary').getByRole('listitem')).toHaveCount(3);
    await expect(edit.getByTestId('edit-profile-key')).toBeVisible();
    await screenshotBothThemes(app, 'settings-edit-key-again');
    await edit.getByLabel('Profile name').fill('Acme main');
    await edit.getByLabel('Service address').fill(UNREACHABLE);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const renamed = app.getByTestId('profile-card').filter({ hasText: 'Acme main' });
    await expect(renamed).toBeVisible();
    await expect(app.getByTestId('profile-switcher')).toBeVisible();

    // Remove asks first; focus is on "Keep profile"; Escape keeps it.
    await renamed.getByTestId('remove-profile').click();
    const confirm = renamed.getByTestId('remove-confirm');
    await expect(confirm.getByRole('button', { name: 'Keep profile' })).toBeFocused();
    await renamed.getByTestId('test-result').scrollIntoViewIfNeeded();
    await screenshotBothThemes(app, 'settings-remove-confirm');
    await app.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await renamed.getByTestId('remove-profile').click();
    await renamed.getByTestId('remove-confirm-button').click();
    await expect(app.getByTestId('profile-card')).toHaveCount(1);
    await expect(app.getByTestId('profile-card').getByTestId('remove-profile')).toHaveCount(0);
    await expect(app.getByTestId('profile-card').getByTestId('edit-profile')).toHaveCount(0);
  });

  test('the Sandbox connection test succeeds and says so in words', async ({ app }) => {
    await app.getByTestId('nav-settings').click();
    const card = app.getByTestId('profile-card').first();
    await card.getByTestId('test-connection').click();
    await expect(card.getByTestId('test-result')).toHaveAttribute('data-outcome', 'ok');
    await expect(card.getByTestId('test-result')).toContainText('accepted the key');
    await expect(card.getByTestId('key-fingerprint')).toContainText('Built into Merchant Desk');
    await card.getByTestId('test-result').scrollIntoViewIfNeeded();
    await screenshotBothThemes(app, 'settings-sandbox-tested');
  });

  test('the key panel says what is wrong with a key, and Cancel clears it', async ({ app }) => {
    await addLiveProfile(app, { name: 'Acme live', key: KEY });
    await app.getByTestId('nav-settings').click();
    const card = app.getByTestId('profile-card').filter({ hasText: 'Acme live' });
    await expect(card.getByTestId('key-fingerprint')).toHaveText(`…${KEY.slice(-4)}`);
    await card.getByRole('button', { name: 'Replace' }).click();
    await card.getByLabel('New API key').fill('short');
    await card.getByRole('button', { name: 'Store in keychain' }).click();
    await expect(card).toContainText('too short to be an API key');
    await expect(card).not.toContainText(/keychain did not accept/i);
    await expect(card.getByLabel('New API key')).toBeFocused();
    await card.getByTestId('key-panel').scrollIntoViewIfNeeded();
    await screenshotBothThemes(app, 'settings-key-too-short');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).not.toContainText('too short');
    await expect(card.getByTestId('key-stored')).toBeVisible();

    // Deleting the key asks first, naming which key; the safe choice has focus; Escape keeps it.
    await card.getByRole('button', { name: 'Delete key…' }).click();
    const confirm = card.getByTestId('delete-key-confirm');
    await expect(confirm).toContainText(`ending …${KEY.slice(-4)}`);
    await expect(confirm.getByRole('button', { name: 'Keep key' })).toBeFocused();
    await app.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(card.getByTestId('key-stored')).toBeVisible();
    await card.getByRole('button', { name: 'Delete key…' }).click();
    await card.getByTestId('delete-key-confirm-button').click();
    await expect(card).toContainText('No API key is stored for this profile');
  });
});
