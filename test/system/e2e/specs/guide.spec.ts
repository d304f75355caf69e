import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { canonicalJson } from '@main/protocol/canonical';
import { DEMO_MERCHANT } from '@main/sandbox';
import { addressFromBytes } from '@shared/domain/address/encode';
import { ARTIFACTS, expect, saveScreenshot, testWithOwnHost as test } from '../fixtures';
import {
  completeWithdrawalInSandbox,
  fillWithdrawal,
  queueFaultOnScreen,
  reviewWithdrawal,
  sandboxAct,
  shownWithdrawalId,
  USDT_TRON,
} from '../flows';
import { cutConnection, restoreConnection } from '../states';

/**
 * The user guide's tasks (docs/guide), walked as a person would through the screens, on a host of its
 * own so the payments here move no figure another spec reads. Each step asserts what the guide says the
 * screen shows, then takes the picture the page uses. Under `npm run docs:screenshots` (or with
 * GUIDE_SCREENSHOTS=1) the pictures replace docs/guide/images; otherwise they go to the artifacts folder
 * when the specs write pictures (fixtures.ts, saveScreenshot), so CI walks the guide without rewriting the docs.
 */
// npm sets npm_lifecycle_event for the script it runs: that works in every shell, where `VAR=1 cmd` does not.
const FOR_DOCS =
  process.env.GUIDE_SCREENSHOTS === '1' || process.env.npm_lifecycle_event === 'docs:screenshots';
const IMAGES = FOR_DOCS
  ? fileURLToPath(new URL('../../../../docs/guide/images/', import.meta.url))
  : join(ARTIFACTS, 'guide/');
// A fresh valid address per run: the review warns about a first send, which the guide shows.
const ADDRESS = addressFromBytes('tron', randomBytes);
const OTHER = addressFromBytes('tron', randomBytes);

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 720 } });

/**
 * A region with a margin around it, scrolled clear of the sticky top bar and cut at the window's
 * bottom edge (a form taller than the window would otherwise end in blank space).
 */
async function regionClip(page: Page, region: Locator) {
  // The bottom of the scrolling area that holds the region: below it the page shows no content.
  const visibleBottom = await region.evaluate((el) => {
    (el as HTMLElement).style.scrollMarginTop = '80px';
    el.scrollIntoView({ block: 'start' });
    let box: Element | null = el.parentElement;
    while (box && !/auto|scroll/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
    return box ? box.getBoundingClientRect().bottom : window.innerHeight;
  });
  const box = (await region.boundingBox())!;
  const view = page.viewportSize()!;
  const x = Math.max(0, box.x - MARGIN);
  const y = Math.max(0, box.y - MARGIN);
  return {
    x,
    y,
    width: Math.min(view.width - x, box.width + 2 * MARGIN),
    height: Math.min(Math.min(view.height, visibleBottom) - y, box.height + 2 * MARGIN),
  };
}
const MARGIN = 12;

/** The whole window (or one region of it) in the light theme, and in the dark one when asked. */
async function shoot(
  page: Page,
  name: string,
  options: { region?: Locator; dark?: boolean; tall?: boolean } = {},
) {
  // A form taller than the window is taken whole from a taller window, then the window is put back.
  const usual = page.viewportSize()!;
  if (options.tall) await page.setViewportSize({ width: usual.width, height: TALL });
  // Toasts about payments would cover the part of the screen the page talks about.
  const dismiss = page.getByRole('button', { name: /^Dismiss/ });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  for (const scheme of options.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150);
    const path = `${IMAGES}${name}${scheme === 'dark' ? '-dark' : ''}.png`;
    const clip = options.region ? await regionClip(page, options.region) : undefined;
    await saveScreenshot(page, { path, clip, animations: 'disabled' }, FOR_DOCS);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (options.tall) await page.setViewportSize(usual);
}
const TALL = 1200;

async function open(app: Page, screen: string) {
  await app.getByTestId(`nav-${screen}`).click();
  await expect(app.getByTestId(`${screen}-screen`)).toBeVisible();
}

async function fillInvoice(app: Page, amount: string) {
  await open(app, 'invoices');
  await app.getByTestId('invoice-amount').fill(amount);
  await app.getByTestId('invoice-pair').selectOption({ label: USDT_TRON });
  await expect(app.getByTestId('invoice-create')).toHaveText(`Create invoice for ${amount} USD`);
}

/** The invoice of the "create an invoice" task, left unpaid: the webhook task pastes its payment. */
let unpaidInvoice = '';

test.describe('user guide walk', () => {
  // Playwright reads the fixture's dependencies from this (empty) destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'chromium', 'the guide pictures come from the browser test host');
  });

  test('rehearse in the Sandbox: the Overview says so, and faults can be staged', async ({ app }) => {
    await open(app, 'overview');
    await expect(app.getByTestId('sandbox-intro')).toContainText('You are in the Sandbox.');
    await expect(app.getByTestId('env-badge')).toHaveText(/SANDBOX/);
    await shoot(app, 'sandbox-overview', { dark: true });
    await open(app, 'sandbox');
    const faults = app.getByTestId('sandbox-group-faults');
    await faults.getByLabel('Operation').selectOption({ label: 'Send a withdrawal' });
    await faults
      .getByLabel('How it fails')
      .selectOption({ label: 'Connection drops before the service does anything' });
    await shoot(app, 'sandbox-faults', { region: faults });
  });

  test('create an invoice: the form names the amount, the result carries the QR and its expiry', async ({
    app,
  }) => {
    await fillInvoice(app, '25.00');
    await expect(app.getByTestId('invoice-form')).toContainText('SANDBOX · play money');
    await shoot(app, 'invoice-form', { region: app.getByTestId('invoice-form'), tall: true });
    await app.getByTestId('invoice-create').click();
    const result = app.getByTestId('invoice-result');
    await expect(result).toContainText('Invoice created');
    await expect(result.getByTestId('qr-sandbox-caption')).toHaveText('SANDBOX — not payable');
    unpaidInvoice = (await result.getByTestId('invoice-result-code').innerText()).trim();
    await shoot(app, 'invoice-created', { region: result, dark: true, tall: true });
  });

  test('send a withdrawal safely: the review, then one send', async ({ app }) => {
    await fillWithdrawal(app, '12.5', ADDRESS);
    await shoot(app, 'withdrawal-form', { region: app.getByTestId('withdrawal-form') });
    await reviewWithdrawal(app, ADDRESS);
    const review = app.getByTestId('withdrawal-review-step');
    await expect(review.getByTestId('review-warnings')).toContainText('never sent to this address');
    await expect(review.getByRole('button', { name: 'Send 12.5 USDT' })).toBeVisible();
    await shoot(app, 'withdrawal-review', { region: review, dark: true });
    await review.getByRole('button', { name: 'Send 12.5 USDT' }).click();
    await expect(app.getByTestId('withdrawal-accepted')).toContainText('in progress — not paid yet');
    await shoot(app, 'withdrawal-accepted', { region: app.getByTestId('withdrawal-outcome') });
    // Completed on the Sandbox controls, so the reconciliation task finds nothing still in flight.
    const id = await shownWithdrawalId(app, ADDRESS);
    await completeWithdrawalInSandbox(app, id);
    await expect(app.getByTestId('sandbox-result-withdrawals')).toContainText(`Withdrawal ${id} completed`);
  });

  test('resolve an unknown outcome: the banner, the journal entry, a decision with a reason', async ({
    app,
  }) => {
    await queueFaultOnScreen(app, 'Send a withdrawal', 'Connection drops before the service does anything');

    await fillWithdrawal(app, '20', OTHER);
    await reviewWithdrawal(app, OTHER);
    await app.getByRole('button', { name: 'Send 20 USDT' }).click();
    const banner = app.getByTestId('unknown-withdrawals-screen');
    await expect(banner).toContainText('Do not send it again.');
    await expect(app.getByTestId('withdrawal-unknown-outcome')).toBeVisible();
    await shoot(app, 'unknown-withdrawal', { dark: true });

    await open(app, 'journal');
    await expect(app.getByTestId('journal-pinned')).toContainText('needs a decision');
    await app.getByTestId('journal-pinned-entry').first().click();
    const details = app.getByTestId('journal-details');
    await expect(details.getByTestId('journal-no-evidence')).toBeVisible();
    await details.getByLabel('It was not done').check();
    await details
      .getByTestId('journal-decision-reason')
      .fill('Not in the service dashboard’s withdrawal list; balance unchanged (checked 10:05).');
    await details.getByTestId('journal-decision-name').fill('Dana Ruiz');
    await shoot(app, 'journal-resolve', { region: details.getByTestId('journal-resolve') });
    await details.getByTestId('journal-decision-submit').click();
    await expect(details.getByTestId('journal-timeline').locator('li[data-type="resolve"]')).toContainText(
      /Resolved as not done by .+ \(wrote: Dana Ruiz\)\./,
    );
    await expect(app.getByTestId('journal-pinned')).toHaveCount(0);
  });

  test('run a reconciliation session, close it and export the report', async ({ app }) => {
    await open(app, 'overview');
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', /ready|stale/, {
      timeout: 20_000,
    });
    await fillInvoice(app, '30');
    await app.getByTestId('invoice-create').click();
    const code = (await app.getByTestId('invoice-result-code').innerText()).trim();
    await sandboxAct(app, 'invoices', { 'Invoice code': code }, 'Pay in full');

    await open(app, 'reconcile');
    // From shortly before the balances were first read: from midnight, hours nobody observed would be a
    // coverage gap, and the session could not close cleanly (docs/reconciliation.md, "Coverage").
    const from = new Date(Date.now() - 5 * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    await app
      .getByTestId('recon-from')
      .fill(
        `${from.getFullYear()}-${p(from.getMonth() + 1)}-${p(from.getDate())}T${p(from.getHours())}:${p(from.getMinutes())}`,
      );
    await app.getByTestId('recon-start').click();
    const session = app.getByTestId('recon-session');
    await expect(session).toBeVisible({ timeout: 20_000 });
    const usdt = app.locator('[data-testid="recon-asset-row"][data-pair="usdt:tron"]');
    await expect(usdt.getByTestId('recon-difference')).toHaveAttribute('data-value', '0', {
      timeout: 20_000,
    });
    await shoot(app, 'reconcile-session', { dark: true });
    await app.getByTestId('recon-close-name').fill('Dana Ruiz');
    await app.getByTestId('recon-close-note').fill('Day explained in full');
    await expect(app.getByTestId('recon-close')).toHaveText('Close session');
    await shoot(app, 'reconcile-close', { region: app.getByTestId('recon-close-form') });
    await app.getByTestId('recon-close').click();
    await expect(app.getByTestId('recon-closed')).toContainText(/Closed by .+ \(wrote: Dana Ruiz\)/);
    await app.getByTestId('recon-export').click();
    await expect(app.getByTestId('recon-exported')).toContainText('summary beside it');
    await shoot(app, 'reconcile-closed', { region: app.getByTestId('recon-closed') });
  });

  test('verify a webhook: paste the exact bytes and the signature', async ({ app }) => {
    const code = unpaidInvoice;
    expect(code, 'the invoice task ran first').not.toBe('');
    const body = canonicalJson({
      event: 'invoice.paid',
      event_id: `evt_guide_${Date.now()}`,
      data: { invoice: { code, status: 'paid' } },
    });
    const signature = createHmac('sha256', DEMO_MERCHANT.apiKey).update(body).digest('hex');
    await open(app, 'webhooks');
    const form = app.locator('.webhooks__paste');
    await form.getByLabel('Raw body').fill(body);
    await form.getByLabel('X-Signature').fill(signature);
    await form.getByRole('button', { name: 'Verify and apply' }).click();
    const result = app.getByTestId('paste-result').getByTestId('delivery');
    await expect(result.getByTestId('delivery-status')).toHaveText('Verified · applied to the journal');
    await shoot(app, 'webhook-verified', { region: form, tall: true });
  });

  test('add a live profile: the form, filled in, before it is saved', async ({ app }) => {
    await open(app, 'settings');
    const form = app.getByTestId('add-profile-form');
    await form.getByLabel('Profile name').fill('Acme live');
    await form.getByLabel('Service address').fill('https://api.example.com');
    await form.getByLabel('Merchant ID').fill('acme-42');
    await form.getByLabel('API key').fill('sk_live_guide_example_0000000000');
    await expect(form.getByTestId('add-profile-submit')).toHaveText('Test and save live profile');
    await shoot(app, 'settings-add-profile', { region: form });
  });

  test('troubleshooting: no connection shows one offline banner and dated figures', async ({
    app,
    lazyHost,
  }) => {
    const host = await lazyHost.get();
    await open(app, 'overview');
    await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', /ready|stale/);
    cutConnection(host);
    try {
      await app.getByRole('button', { name: 'Refresh', exact: true }).click();
      await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', 'stale', {
        timeout: 30_000,
      });
      await expect(app.getByTestId('connection-banner')).toContainText(
        'Offline: The service cannot be reached',
      );
      await expect(app.getByTestId('connection-status')).toHaveText(/offline/i);
      await shoot(app, 'offline');
    } finally {
      restoreConnection(host);
    }
  });
});
