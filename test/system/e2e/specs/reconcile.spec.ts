import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// window.merchant's answers as the contract types them (main answers by it; the renderer checks).
import type { MerchantApi } from '@renderer/lib/merchant-api';
import { seriousViolations } from '../axe';
import { expect, testWithOwnHost as test } from '../fixtures';
import { createInvoice, createWallet, sandboxAct, sendWithdrawal, shownWithdrawalId } from '../flows';
import { axeBothThemes, shootBoth } from '../states';
import { parseCsv } from '@test/helpers/parse-csv';

test.describe.configure({ mode: 'serial' });

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

/**
 * The events of the verified deliveries the desk has seen, newest first: a read only, to wait for the
 * webhooks the UI steps caused; every step itself goes through the screens.
 */
async function seenEvents(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const m = (window as unknown as { merchant: MerchantApi }).merchant;
    const list = await m.webhooks.list();
    return list.ok ? list.data.deliveries.filter((d) => d.verified).map((d) => d.event ?? '') : [];
  });
}

async function waitForEvents(page: Page, events: string[]) {
  await expect
    .poll(
      async () => {
        const seen = await seenEvents(page);
        return events.every((e) => seen.includes(e));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Opening Overview reads the balances, which takes the period's first snapshot. */
async function firstSnapshot(app: Page) {
  await app.getByTestId('nav-overview').click();
  await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', /ready|stale/, {
    timeout: 20_000,
  });
}

/** A datetime-local value (this computer's time zone, to the minute) `minutes` ago. */
function localMinutesAgo(minutes: number): string {
  const d = new Date(Date.now() - minutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * A session from shortly before this test's first snapshot: a period starting at midnight would hold
 * hours nobody observed (a coverage gap, never reconciled), so the default "from" is not used.
 */
async function startSession(app: Page, from = localMinutesAgo(5)) {
  await app.getByTestId('nav-reconcile').click();
  await expect(app.getByRole('heading', { level: 1, name: 'Reconcile' })).toBeFocused();
  await app.getByTestId('recon-from').fill(from);
  await app.getByTestId('recon-start').click();
  await expect(app.getByTestId('recon-session')).toBeVisible({ timeout: 20_000 });
}

const row = (app: Page, pair: string) => app.locator(`[data-testid="recon-asset-row"][data-pair="${pair}"]`);

test.describe('reconcile', () => {
  test('(a) an invoice paid, a withdrawal completed and a wallet deposit reconcile with zero difference', async ({
    app,
  }) => {
    await firstSnapshot(app);
    const code = await createInvoice(app, '30');
    await sendWithdrawal(app, '12.5', ADDRESS);
    await expect(app.getByTestId('withdrawal-accepted')).toContainText('in progress — not paid yet');
    const withdrawalId = await shownWithdrawalId(app, ADDRESS);
    await createWallet(app, 'reconcile');

    await sandboxAct(app, 'invoices', { 'Invoice code': code }, 'Pay in full');
    await sandboxAct(app, 'withdrawals', { 'Withdrawal id': withdrawalId }, 'Complete');
    // The deposit control offers the wallets made from this desk (this host has only the one above).
    const deposits = app.getByTestId('sandbox-group-deposits');
    const mine = deposits.getByLabel('Wallet').locator('option', { hasText: /^reconcile · USDT · TRON/ });
    await deposits.getByLabel('Wallet').selectOption((await mine.getAttribute('value'))!);
    await sandboxAct(
      app,
      'deposits',
      { 'Amount (USDT · TRON (TRC-20))': '7.25' },
      'Deposit 7.25 USDT · TRON (TRC-20)',
    );
    await expect(app.getByTestId('sandbox-result-deposits')).toContainText(
      /^Deposited 7\.25 USDT · TRON \(TRC-20\) to the wallet at T\w+: confirmed\./,
    );
    await expect(deposits.getByTestId('address-groups')).toBeVisible();
    // The payment toasts would cover the control in the screenshot.
    const dismiss = app.getByRole('button', { name: /^Dismiss/ });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await deposits.scrollIntoViewIfNeeded();
    await shootBoth(app, 'sandbox-deposit');
    await waitForEvents(app, ['invoice.paid', 'withdrawal.success']);
    await expect
      .poll(async () => (await seenEvents(app)).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(4);

    await startSession(app);
    const usdt = row(app, 'usdt:tron');
    await expect(usdt).toHaveAttribute('data-flagged', 'false');
    await expect(usdt.getByTestId('recon-difference')).toHaveAttribute('data-value', '0');
    await expect(usdt).toContainText('3 movements');
    await expect(usdt.getByTestId('recon-expected')).toContainText('USDT');
    await expect(app.locator('[data-testid="recon-asset-row"][data-flagged="true"]')).toHaveCount(0);
    await expect(app.getByTestId('recon-no-items')).toBeVisible();
    await shootBoth(app, 'reconcile-clean');
    const violations = await axeBothThemes(app, seriousViolations);
    expect(violations).toEqual({ light: [], dark: [] });

    await app.getByTestId('recon-close-name').fill('Dana Finance');
    await app.getByTestId('recon-close-note').fill('Day explained in full');
    await expect(app.getByTestId('recon-close')).toHaveText('Close session');
    await app.getByTestId('recon-close').click();
    await expect(app.getByTestId('recon-closed')).toContainText(/Closed by .+ \(wrote: Dana Finance\)/);
    await app.getByTestId('recon-export').click();
    const saved = app.getByTestId('recon-exported');
    await expect(saved).toContainText('rows');
    // The report read back: one row per movement behind the table, and a summary that vouches for it.
    const path = /to (.+\.csv), summary/.exec((await saved.textContent()) ?? '')![1]!;
    const csv = parseCsv(readFileSync(path, 'utf8'));
    const kinds = csv
      .filter((r) => r.section === 'movement' && r.network === 'tron')
      .map((r) => `${r.kind} ${r.effect_on_total}`);
    expect(kinds.map((k) => k.split(' ')[0]).sort()).toEqual([
      'invoice-credit',
      'wallet-deposit',
      'withdrawal-debit',
    ]);
    expect(kinds).toContain('wallet-deposit 7.25');
    const summary = readFileSync(path.replace(/\.csv$/, '.summary.txt'), 'utf8');
    expect(summary).toContain('SANDBOX');
    expect(summary).toMatch(/Closed by .+ \(wrote: Dana Finance\)/);
    expect(summary).toContain('Exceptions: none');
    expect(summary).toMatch(/Journal chain: intact, \d+ events, head [0-9a-f]{64}/);
  });

  test('(b) play money added with no webhook is a flagged difference that closes only with exceptions', async ({
    app,
  }) => {
    await firstSnapshot(app);
    await sandboxAct(
      app,
      'balances',
      { 'Coin code': 'ton', 'Network code': 'ton', Amount: '100' },
      /Add .* play money/,
    );
    await startSession(app);
    const ton = row(app, 'ton:ton');
    await expect(ton).toHaveAttribute('data-flagged', 'true');
    await expect(ton.getByTestId('recon-difference')).toHaveAttribute('data-value', '100');
    await expect(ton.getByTestId('recon-flag')).toBeVisible();
    await expect(app.getByTestId('recon-exceptions')).toContainText('difference +100 TON');
    const close = app.getByTestId('recon-close');
    await expect(close).toHaveText('Close with exceptions');
    await app.getByTestId('recon-close-name').fill('Dana Finance');
    await app.getByTestId('recon-close-note').fill('Sandbox top-up, no webhook');
    await expect(close).toBeDisabled();
    // Flagged rows come first in the table: the difference is the first thing seen.
    await expect(app.getByTestId('recon-asset-row').first()).toHaveAttribute('data-pair', 'ton:ton');
    await app.getByTestId('recon-asof').scrollIntoViewIfNeeded();
    await shootBoth(app, 'reconcile-flagged');
    const violations = await axeBothThemes(app, seriousViolations);
    expect(violations).toEqual({ light: [], dark: [] });
    await app.getByTestId('recon-accept-exceptions').check();
    await close.click();
    await expect(app.getByTestId('recon-closed')).toContainText(
      /Closed with exceptions by .+ \(wrote: Dana Finance\)/,
    );
    await expect(app.getByTestId('recon-closed-exceptions')).toContainText('difference +100 TON');
    await shootBoth(app, 'reconcile-closed-exceptions');
    // The first session, closed cleanly earlier, can be opened again with the figures it was closed with.
    await app.getByTestId('recon-earlier').locator('summary').click();
    await app.getByRole('button', { name: 'Session 1', exact: true }).click();
    await expect(app.getByTestId('recon-closed')).toContainText(/Closed by .+ \(wrote: Dana Finance\)/);
    await expect(app.locator('[data-testid="recon-asset-row"][data-flagged="true"]')).toHaveCount(0);
  });

  test('(c) an unknown withdrawal is an open item until its webhook resolves it', async ({ app }) => {
    await app.getByTestId('nav-sandbox').click();
    const faults = app.getByTestId('sandbox-group-faults');
    await faults.getByLabel('Operation').selectOption({ label: 'Send a withdrawal' });
    await faults
      .getByLabel('How it fails')
      .selectOption({ label: 'Connection drops after the service did it' });
    await faults.getByLabel('For how many requests').fill('1');
    await faults.getByRole('button', { name: 'Add fault' }).click();
    await expect(app.getByTestId('sandbox-faults')).toContainText('Send a withdrawal');
    await sendWithdrawal(app, '11', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await expect(app.getByTestId('withdrawal-unknown-outcome')).toBeVisible();
    // The Sandbox moves it to processing about 5 s later; that verified webhook resolves it: look quickly.
    await startSession(app);
    const unknown = app.locator('[data-testid="recon-item"][data-kind="unknown-entry"]');
    await expect(unknown).toHaveCount(1);
    await expect(unknown).toHaveAttribute('data-blocking', 'true');
    await expect(app.getByTestId('recon-exceptions')).toContainText('Outcome unknown');
    await shootBoth(app, 'reconcile-unknown');
    // Refreshing the figures until the Sandbox's webhook for it has arrived and resolved it.
    await expect
      .poll(
        async () => {
          await app.getByTestId('recon-refresh').click();
          await expect(app.getByTestId('recon-session')).toBeVisible();
          return unknown.count();
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(0);
    // Resolved by its webhook and now in flight until it completes.
    await expect(app.locator('[data-testid="recon-item"][data-kind="withdrawal-in-flight"]')).toHaveCount(1);
  });

  test('(d) a period starting long before the first balance seen is a coverage gap, never reconciled', async ({
    app,
  }) => {
    await firstSnapshot(app);
    await startSession(app, localMinutesAgo(3 * 24 * 60));
    const coverage = app.getByTestId('recon-coverage');
    await expect(coverage).toHaveAttribute('data-complete', 'false');
    await expect(coverage).toContainText(
      /no balance seen between \d+ \w{3} \d{4} \d\d:\d\d UTC and .* — every asset/i,
    );
    const usdt = row(app, 'usdt:tron');
    await expect(usdt).toHaveAttribute('data-flagged', 'true');
    await expect(usdt.getByTestId('recon-flag')).toHaveText('⚠ Not observed');
    await expect(app.locator('[data-testid="recon-item"][data-kind="coverage-gap"]').first()).toHaveAttribute(
      'data-blocking',
      'true',
    );
    await expect(app.getByTestId('recon-close')).toHaveText('Close with exceptions');
    for (const [width, height] of [
      [1280, 720],
      [960, 600],
    ] as const) {
      await app.setViewportSize({ width, height });
      await app.getByTestId('recon-session').scrollIntoViewIfNeeded();
      await app.getByTestId('recon-asof').scrollIntoViewIfNeeded();
      await shootBoth(app, `reconcile-coverage-${width}x${height}`);
    }
    const violations = await axeBothThemes(app, seriousViolations);
    expect(violations).toEqual({ light: [], dark: [] });
  });
});
