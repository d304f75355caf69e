import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';
import { addLiveProfile, resetProfiles } from '../live-profile';
import { visibleScreens } from '@renderer/shell/routes';

const KEY = 'sk_live_env_axe_spec_DO_NOT_RENDER_81d0';

test.beforeEach(async ({ app }) => resetProfiles(app));
test.afterEach(async ({ app }) => resetProfiles(app));

// Its four tests are independent (each starts from the Sandbox on its worker's host): in parallel mode
// they spread over the workers instead of holding one worker for the whole pass.
test.describe.configure({ mode: 'parallel' });

test.describe('axe on every screen: light and dark, Sandbox and live, 1280×720 and 960×600', () => {
  // Every screen of one environment in two themes: 20 s or more on a busy machine.
  test.setTimeout(120_000);
  for (const environment of ['sandbox', 'live'] as const)
    for (const size of [
      { width: 1280, height: 720 },
      { width: 960, height: 600 },
    ]) {
      test(`no serious or critical violation, ${environment}, at ${size.width}×${size.height}`, async ({
        app,
      }) => {
        await app.setViewportSize(size);
        await expect(app.getByTestId('connection-status')).toHaveText(/online/i);
        if (environment === 'live')
          await addLiveProfile(app, { name: 'Acme live', key: KEY, activate: true });
        await expect(app.getByTestId('env-badge')).toHaveText(environment === 'live' ? /LIVE/ : /SANDBOX/);
        const found: Record<string, unknown> = {};
        // Sandbox-only screens are not in the navigation while live.
        for (const screen of visibleScreens(environment === 'sandbox').map((s) => s.id)) {
          await app.getByTestId(`nav-${screen}`).click();
          if (screen === 'settings') await expect(app.getByTestId('profile-card').first()).toBeVisible();
          if (screen === 'sandbox') await expect(app.getByTestId('sandbox-clock')).toContainText(/\d{4}-/);
          for (const scheme of ['light', 'dark'] as const) {
            await app.emulateMedia({ colorScheme: scheme });
            const violations = await seriousViolations(app);
            if (violations.length) found[`${environment}/${screen}/${scheme}`] = violations;
          }
          await app.emulateMedia({ colorScheme: 'light' });
          if (screen === 'overview' || screen === 'settings')
            await screenshotBothThemes(app, `axe-${environment}-${screen}-${size.width}x${size.height}`);
        }
        expect(found).toEqual({});
      });
    }
});
