import { seriousViolations } from '../axe';
import { expect, testWithOwnHost as test } from '../fixtures';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 960, height: 600 },
] as const;

test.describe('guided month-end close', () => {
  test('last month, on a desk first run today: coverage is missing, needs a reason, and the close is never clean', async ({
    app,
  }) => {
    // Opening Overview reads the balances: the desk's first snapshot is now, long after last month.
    await app.getByTestId('nav-overview').click();
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', /ready|stale/, {
      timeout: 20_000,
    });
    await app.getByTestId('nav-reconcile').click();
    await app.getByTestId('recon-month-open').click();
    await app.getByTestId('recon-month-start').click();

    const coverage = app.getByTestId('recon-step-coverage');
    await expect(coverage).toHaveAttribute('data-status', 'action', { timeout: 20_000 });
    await expect(coverage.getByTestId('recon-coverage-row').first()).toContainText('Not seen');
    await expect(app.getByTestId('recon-month-next')).toBeDisabled();
    await expect(app.getByTestId('recon-step-close-tab')).toBeDisabled();
    for (const size of SIZES) {
      await app.setViewportSize(size);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `month-close-coverage-${size.width}x${size.height}`);
    }

    // A desk first run today has a gap for every asset, all for one cause: one reason, each its own exception.
    await coverage.getByTestId('recon-reason-all-note').fill('The desk was first installed today');
    await coverage.getByTestId('recon-reason-all-name').fill('Dana Finance');
    await coverage.getByTestId('recon-reason-all-submit').click();
    await expect(coverage.getByTestId('recon-item-review').first()).toBeVisible();
    await expect(coverage).toHaveAttribute('data-status', 'exceptions');
    await app.getByTestId('recon-month-next').click();
    await expect(app.getByTestId('recon-step-open-items')).toBeVisible();
    await app.getByTestId('recon-month-next').click();
    await expect(app.getByTestId('recon-step-differences')).toBeVisible();
    await app.getByTestId('recon-month-next').click();

    const close = app.getByTestId('recon-step-close');
    await expect(close.getByTestId('recon-close')).toHaveText('Close with exceptions');
    await expect(close.getByTestId('recon-exceptions')).toContainText('No balance seen between');
    for (const size of SIZES) {
      await app.setViewportSize(size);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `month-close-close-${size.width}x${size.height}`);
    }
    await close.getByTestId('recon-accept-exceptions').check();
    await close.getByTestId('recon-close-name').fill('Dana Finance');
    await close.getByTestId('recon-close-note').fill('Month closed; the desk saw none of it');
    await close.getByTestId('recon-close').click();
    await expect(app.getByTestId('recon-month-closed')).toContainText(
      /Closed with exceptions by .+ \(wrote: Dana Finance\)/,
    );
  });
});
