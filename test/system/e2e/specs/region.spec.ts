import { mkdirSync } from 'node:fs';
import { ARTIFACTS, expect, test } from '../fixtures';

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

    mkdirSync(ARTIFACTS, { recursive: true });
    await app.screenshot({ path: `${ARTIFACTS}region-${region}-overview.png`, fullPage: true });
    await app.getByTestId('nav-settings').click();
    await app.screenshot({ path: `${ARTIFACTS}region-${region}-settings.png`, fullPage: true });
    // Back to none, so the next test starts from the neutral form.
    await app.getByTestId('region-select').selectOption('');
    await expect(app.getByTestId('region-sample')).toContainText('1,234,567.891 USDT');
  });
}
