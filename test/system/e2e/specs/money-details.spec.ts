import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
// window.merchant's answers as the contract types them (main answers by it; the renderer checks).
import type { MerchantApi } from '@renderer/lib/merchant-api';
import { seriousViolations } from '../axe';
import { expect, testWithOwnHost as test } from '../fixtures';
import {
  completeWithdrawalInSandbox,
  createInvoice,
  sandboxAct,
  sendWithdrawal,
  shownWithdrawalId,
} from '../flows';
import { addLiveProfile, resetProfiles } from '../live-profile';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

test.describe.configure({ mode: 'serial' });

const SIZES = [
  { width: 1280, height: 720 },
  { width: 960, height: 600 },
] as const;
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const LIVE_KEY = 'sk_live_money_details_0123456789';

async function dismissToasts(app: Page) {
  const dismiss = app.getByRole('button', { name: /^Dismiss/ });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** Pastes a webhook signed with the live profile's key through the bridge, as the Webhooks paste does. */
async function pasteSigned(app: Page, body: unknown) {
  const rawBody = JSON.stringify(body);
  const signature = createHmac('sha256', LIVE_KEY).update(rawBody).digest('hex');
  await app.evaluate(
    async ({ rawBody, signature }) => {
      const m = (window as unknown as { merchant: MerchantApi }).merchant;
      const answer = await m.webhooks.import({ kind: 'single', rawBody, signature });
      if (!answer.ok) throw new Error(answer.error.message);
    },
    { rawBody, signature },
  );
}

test.describe('money details', () => {
  test('an invoice paid in the Sandbox shows its fee, what was paid and its hash (on no chain)', async ({
    app,
  }) => {
    const code = await createInvoice(app, '40');
    await sandboxAct(app, 'invoices', { 'Invoice code': code }, 'Pay in full');
    await dismissToasts(app);
    await app.getByTestId('nav-money-in').click();
    const row = app.getByTestId('money-in-row').filter({ hasText: 'Invoice payment' });
    await expect(row.getByTestId('money-in-paid')).toContainText(/of [\d.]+ paid/, { timeout: 20_000 });
    await expect(row.getByTestId('money-in-tx')).toHaveAttribute('data-explorer', 'sandbox');
    await expect(row).toContainText('Sandbox: on no chain');
    for (const size of SIZES) {
      await app.setViewportSize(size);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `money-in-details-${size.width}x${size.height}`);
    }
  });

  test('a completed withdrawal shows its fees, total debit and tx hash from the webhook', async ({ app }) => {
    await sendWithdrawal(app, '12.5', ADDRESS);
    const id = await shownWithdrawalId(app, ADDRESS);
    await completeWithdrawalInSandbox(app, id);
    await dismissToasts(app);
    await app.getByTestId('nav-withdrawals').click();
    const facts = app.getByTestId('withdrawal-completion').first();
    await expect(facts.getByTestId('withdrawal-debit')).toContainText('USDT', { timeout: 20_000 });
    await expect(facts.getByTestId('withdrawal-fees')).toContainText('paid by the merchant');
    await expect(facts.getByTestId('withdrawal-tx')).toHaveAttribute('data-explorer', 'sandbox');
    for (const size of SIZES) {
      await app.setViewportSize(size);
      await facts.scrollIntoViewIfNeeded();
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `withdrawal-completion-${size.width}x${size.height}`);
    }
  });

  test('on a live profile the hash has an explorer button: the page asks main, main answers', async ({
    app,
  }) => {
    await addLiveProfile(app, { name: 'Acme live', key: LIVE_KEY, activate: true });
    const tx = '3f'.repeat(32);
    await pasteSigned(app, {
      event: 'wallet.transaction',
      event_id: 'ev-live-1',
      created_at: '2026-11-20T10:00:00Z',
      data: {
        wallet_id: 'w-live',
        coin: 'usdt',
        network: 'tron',
        amount: '75',
        tx_hash: tx,
        status: 'confirmed',
      },
    });
    await dismissToasts(app);
    await app.getByTestId('nav-money-in').click();
    const row = app.getByTestId('money-in-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('money-in-tx-text')).toHaveAttribute('title', tx);
    await row.getByTestId('money-in-tx-explorer').click();
    // The test host opens no browser: main built the link and says its opener did not open it.
    await expect(row.getByTestId('money-in-tx-answer')).toHaveText(
      'The system browser did not open tronscan.org.',
    );
    for (const size of SIZES) {
      await app.setViewportSize(size);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `money-in-live-explorer-${size.width}x${size.height}`);
    }
    await resetProfiles(app);
  });
});
