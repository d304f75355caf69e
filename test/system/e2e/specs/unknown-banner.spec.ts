import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';
import { FIVE_UNKNOWN_WITHDRAWALS as FIVE } from '../unknown-entries';
import { axeBothThemes, shootBoth } from '../states';

test.describe('the unknown-withdrawal banner with several unknowns (issue 25, item 10)', () => {
  test('stays a compact summary at 960×600 and at 200 %, and unfolds on demand', async ({ app }) => {
    // Only the banner's own question (unknown withdrawals) is answered with the five; the rest is real.
    await app.route('**/__host/ipc/journal:list', async (route) => {
      const body = route.request().postDataJSON() as { payload?: { state?: string } };
      if (body.payload?.state !== 'unknown') return route.continue();
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ok: true, data: { entries: FIVE } }),
      });
    });
    await app.setViewportSize({ width: 960, height: 600 });
    await app.reload();
    const banner = app.getByTestId('unknown-withdrawals-shell');
    await expect(banner.getByTestId('unknown-withdrawals-count')).toHaveText('5');
    await expect(banner.getByRole('link', { name: 'Open Withdrawals' })).toBeVisible();
    const folded = (await banner.boundingBox())!.height;
    expect(folded).toBeLessThan(600 * 0.25);
    expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
    await shootBoth(app, 'unknown-banner-960x600');

    // 200 % zoom of a 960×600 window is a 480×300 viewport: the screen keeps most of it.
    await app.setViewportSize({ width: 480, height: 300 });
    await shootBoth(app, 'unknown-banner-200pct');
    const zoomed = (await banner.boundingBox())!.height;
    expect(zoomed).toBeLessThan(300 * 0.35);

    await app.setViewportSize({ width: 960, height: 600 });
    await banner.getByRole('button', { name: 'Show details' }).click();
    await expect(banner.getByTestId('unknown-withdrawal')).toHaveCount(5);
    await expect(banner.getByTestId('unknown-withdrawal').first()).toBeVisible();
    await shootBoth(app, 'unknown-banner-960x600-unfolded');
    expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
    await banner.getByRole('button', { name: 'Hide details' }).click();
    await expect(banner.getByTestId('unknown-withdrawal').first()).toBeHidden();
  });
});
