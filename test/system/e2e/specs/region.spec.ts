import type { Locator, Page } from '@playwright/test';
import { ARTIFACTS, expect, saveScreenshot, screenshotBothThemes, test } from '../fixtures';
import { createInvoice } from '../flows';

// The Region is kept in the host's settings: a host of this file's own, so no other spec sees it.
test.use({ ownHost: true });

/** What the Region's separators are in this browser's Intl (read in the page, as the app reads them). */
function separators(region: string) {
  const parts = new Intl.NumberFormat(region, { numberingSystem: 'latn' }).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? '',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/** A decimal string written with the separators, by hand (in threes): independent of the app's code. */
function written(value: string, s: { group: string; decimal: string }): string {
  const [integer, fraction] = value.replace(/^-/, '').split('.') as [string, string | undefined];
  const head = integer.length % 3 || 3;
  const groups = [integer.slice(0, head)];
  for (let i = head; i < integer.length; i += 3) groups.push(integer.slice(i, i + 3));
  return (value.startsWith('-') ? '-' : '') + groups.join(s.group) + (fraction ? s.decimal + fraction : '');
}

for (const region of ['en-US', 'de-DE', 'ja-JP']) {
  test(`Region ${region}: figures on screen in its form, digits exactly as sent`, async ({ app }) => {
    await app.getByTestId('nav-settings').click();
    await app.getByTestId('region-select').selectOption(region);
    const s = await app.evaluate(separators, region);
    await expect(app.getByTestId('region-sample')).toContainText(`${written('1234567.891', s)} USDT`);

    await app.getByTestId('nav-overview').click();
    const money = app.locator('.money[title]');
    await expect(money.first()).toBeVisible();
    const shown = await money.evaluateAll((els) =>
      els.map((e) => {
        // The padding that lines decimals up in a column is not part of the figure.
        const figure = e.cloneNode(true) as HTMLElement;
        figure.querySelectorAll('.money__pad, .money__unit').forEach((pad) => pad.remove());
        return { title: e.getAttribute('title') ?? '', text: (figure.textContent ?? '').trim() };
      }),
    );
    // Every USD figure whose exact value is in its title, against Intl's own currency form of it
    // (an independent oracle: these values have at most two decimals, so a float is exact enough here).
    const usd = shown.filter((m) => /^-?\d+(\.\d{1,2})?$/.test(m.title) && m.text.includes('$'));
    expect(usd.length, JSON.stringify(shown.slice(0, 8))).toBeGreaterThan(0);
    const intl = await app.evaluate(
      ([r, values]) =>
        values.map((v) =>
          new Intl.NumberFormat(r, { style: 'currency', currency: 'USD', numberingSystem: 'latn' }).format(
            Number(v),
          ),
        ),
      [region, usd.map((m) => m.title)] as const,
    );
    expect(usd.map((m) => m.text)).toEqual(intl);

    await saveScreenshot(app, { path: `${ARTIFACTS}region-${region}-overview.png`, fullPage: true });
    await app.getByTestId('nav-settings').click();
    await saveScreenshot(app, { path: `${ARTIFACTS}region-${region}-settings.png`, fullPage: true });
    // Back to none, so the next test starts from the neutral form.
    await app.getByTestId('region-select').selectOption('');
    await expect(app.getByTestId('region-sample')).toContainText('1,234,567.891 USDT');
  });
}

/** Today's date in the Region's own order (Intl's, read in the page): "11/26/2026", "26.11.2026", "2026/11/26". */
function today(region: string) {
  return new Intl.DateTimeFormat(region, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    numberingSystem: 'latn',
  }).format(new Date());
}

/** Every `.amount` on the part of the page: its figure is its exact title's decimal in the Region's form. */
async function expectAmounts(scope: Locator, s: { group: string; decimal: string }) {
  const shown = await scope.locator('.amount[title]').evaluateAll((els) =>
    els.map((e) => ({
      title: e.getAttribute('title') ?? '',
      text: (e.querySelector('.money')?.textContent ?? '').trim(),
    })),
  );
  const exact = shown.filter((a) => /^\d+(\.\d+)? \S+$/.test(a.title));
  expect(exact.length, JSON.stringify(shown.slice(0, 6))).toBeGreaterThan(0);
  expect(exact.map((a) => a.text)).toEqual(exact.map((a) => written(a.title.split(' ')[0]!, s)));
}

/** A moment on screen: the Region's date, a 24-hour time and a zone (UX rule 7), never AM/PM. */
const moment = (date: string) =>
  new RegExp(`${date.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')},? \\d{2}:\\d{2} \\S+`);

const SIZES = [
  { width: 1280, height: 720 },
  { width: 960, height: 600 },
] as const;

/** Screenshots at both sizes and themes, with `focus` (what the shot is of) scrolled into view. */
async function shootSizes(app: Page, name: string, focus: Locator) {
  for (const size of SIZES) {
    await app.setViewportSize(size);
    await focus.scrollIntoViewIfNeeded();
    await screenshotBothThemes(app, `${name}-${size.width}x${size.height}`);
  }
  await app.setViewportSize({ width: 1360, height: 860 });
}

for (const region of ['en-US', 'de-DE', 'ja-JP']) {
  test(`Region ${region}: dates and figures on the Journal, Invoices and Reconcile follow it`, async ({
    app,
  }) => {
    await app.getByTestId('nav-settings').click();
    await app.getByTestId('region-select').selectOption(region);
    const s = await app.evaluate(separators, region);
    const date = await app.evaluate(today, region);
    await expect(app.getByTestId('region-sample')).toContainText(`${written('1234567.891', s)} USDT`);
    await createInvoice(app, '1234.5');

    // A money screen: the invoice's amount and its time.
    const invoice = app.getByTestId('invoice-row').first();
    await expect(invoice).toContainText(moment(date));
    await expect(invoice).not.toContainText(/\b(AM|PM)\b|午[前後]/);
    await expectAmounts(invoice, s);
    await shootSizes(app, `region-${region}-invoices`, invoice);

    await app.getByTestId('nav-journal').click();
    const row = app.getByTestId('journal-row').first();
    await expect(row.locator('.journal-row__time')).toHaveText(moment(date));
    await row.getByRole('button').first().click();
    await shootSizes(app, `region-${region}-journal`, row);

    await app.getByTestId('nav-reconcile').click();
    await app.getByTestId('recon-start').click();
    const session = app.getByTestId('recon-session');
    await expect(session).toBeVisible({ timeout: 20_000 });
    await expect(session.getByRole('heading').first()).toContainText(moment(date));
    await expect(app.getByTestId('recon-asof')).toContainText(moment(date));
    await expectAmounts(session, s);
    await shootSizes(app, `region-${region}-reconcile`, app.getByTestId('recon-asof'));

    await app.getByTestId('nav-settings').click();
    await app.getByTestId('region-select').selectOption('');
    await expect(app.getByTestId('region-sample')).toContainText('1,234,567.891 USDT');
  });
}
