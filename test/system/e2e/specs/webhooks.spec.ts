import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
// window.merchant's answers as the contract types them (main answers by it; the renderer checks).
import type { MerchantApi } from '@renderer/lib/merchant-api';
import { canonicalJson } from '@main/protocol/canonical';
import { DEMO_MERCHANT } from '@main/sandbox';
import { seriousViolations } from '../axe';
import { expect, screenshotBothThemes, test } from '../fixtures';
import { completeWithdrawalInSandbox } from '../flows';
import { resetProfiles } from '../live-profile';
import { scrollsSideways, shootBoth } from '../states';

// The built-in Sandbox profile verifies with the demo merchant's key (play money, not a secret).
const sign = (body: string) => createHmac('sha256', DEMO_MERCHANT.apiKey).update(body).digest('hex');

test.beforeEach(async ({ app }) => resetProfiles(app));

type Api = MerchantApi;
const merchant = (page: Page) => page.evaluate.bind(page);

/** An invoice created through the bridge (the Invoices screen is built elsewhere); returns its code. */
async function createInvoice(page: Page, orderId: string): Promise<{ code: string; entryId: string }> {
  return merchant(page)(async (order) => {
    const api = (window as unknown as { merchant: Api }).merchant;
    const created = await api.invoices.create({ order_id: order, amount: '25.00' });
    if (!created.ok || created.data.outcome !== 'accepted') throw new Error('invoice not created');
    const list = await api.journal.list({ limit: 20 });
    if (!list.ok) throw new Error(list.error.message);
    const entry = list.data.entries.find((e) => e.fields.orderId === order)!;
    return { code: String(entry.externalIds.invoiceCode), entryId: String(entry.id) };
  }, orderId);
}

/** The journal as the bridge lists it, to compare before and after. */
async function journalSnapshot(page: Page): Promise<string> {
  return merchant(page)(async () => {
    const api = (window as unknown as { merchant: Api }).merchant;
    const list = await api.journal.list({ limit: 200 });
    return JSON.stringify(list.ok ? list.data.entries : list.error);
  });
}

/** A withdrawal sent through the bridge (the Withdrawals screen is built elsewhere). */
async function sendWithdrawal(page: Page): Promise<{ withdrawalId: string; entryId: string }> {
  return merchant(page)(async () => {
    const api = (window as unknown as { merchant: Api }).merchant;
    const sent = await api.withdrawals.create({
      coin: 'usdt',
      network: 'tron',
      amount: '12.5',
      to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    });
    if (!sent.ok || sent.data.outcome !== 'accepted') throw new Error('withdrawal not sent');
    return {
      withdrawalId: String((sent.data.data as { withdrawal_id: string }).withdrawal_id),
      entryId: sent.data.journalId,
    };
  });
}

async function paste(page: Page, body: string, signature: string) {
  const form = page.locator('.webhooks__paste');
  await form.getByLabel('Raw body').fill(body);
  await form.getByLabel('X-Signature').fill(signature);
  await form.getByRole('button', { name: 'Verify and apply' }).click();
}

test.describe('webhooks', () => {
  test('a pasted delivery with a wrong signature is rejected and changes nothing; the exact bytes verify', async ({
    app,
  }) => {
    const order = `ORD-WH-${Date.now()}`;
    const { code, entryId } = await createInvoice(app, order);
    const payload = {
      event: 'invoice.paid',
      event_id: `evt_${order}`,
      data: { invoice: { code, order_id: order, status: 'paid', pay_url: `https://pay.example/i/${code}` } },
    };
    const signedBytes = canonicalJson(payload);
    // A log that parsed and re-wrote the body: https:// instead of the service's https:\/\/.
    const rewritten = JSON.stringify(payload);
    expect(rewritten).not.toBe(signedBytes);

    await app.getByTestId('nav-webhooks').click();
    await expect(app.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeFocused();
    const before = await journalSnapshot(app);
    await paste(app, rewritten, sign(signedBytes));
    const result = app.getByTestId('paste-result').getByTestId('delivery');
    await expect(result.getByTestId('delivery-status')).toHaveText('Rejected: signature mismatch');
    await expect(result.getByTestId('delivery-effect')).toHaveText('Nothing in the journal changed.');
    await expect(result.getByTestId('delivery-reencoding')).toHaveText('Re-encoding changed the body: yes');
    await expect(result).toContainText('re-encoded after it was signed');
    await result.locator('summary').click();
    await expect(result.getByTestId('delivery-bytes')).toHaveText(rewritten);
    await result.scrollIntoViewIfNeeded();
    // Never the signature the desk expected.
    expect(await app.content()).not.toContain(sign(rewritten));
    expect(await journalSnapshot(app)).toBe(before);
    await expect(app.getByTestId('delivery-list').getByTestId('delivery').first()).toHaveAttribute(
      'data-rejection',
      'signature-mismatch',
    );
    await screenshotBothThemes(app, 'webhooks-rejected');
    for (const scheme of ['light', 'dark'] as const) {
      await app.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(app)).toEqual([]);
    }
    await app.emulateMedia({ colorScheme: 'light' });
    // The smallest window: one column, nothing scrolls sideways, the bytes wrap.
    await app.setViewportSize({ width: 960, height: 600 });
    expect(await scrollsSideways(app)).toBe(false);
    await result.scrollIntoViewIfNeeded();
    await shootBoth(app, 'webhooks-rejected-960x600');
    await app.setViewportSize({ width: 1360, height: 860 });

    await paste(app, signedBytes, sign(signedBytes));
    await expect(result.getByTestId('delivery-status')).toHaveText('Verified · applied to the journal');
    await expect(result).toContainText(`Invoice code${code}`);
    const link = result.getByTestId('delivery-journal-link');
    await expect(link).toHaveAttribute('href', `#/journal?entry=${entryId}`);
    expect(await journalSnapshot(app)).not.toBe(before);
    await screenshotBothThemes(app, 'webhooks-verified');

    // The same delivery again is a duplicate and changes nothing more.
    const applied = await journalSnapshot(app);
    await paste(app, signedBytes, sign(signedBytes));
    await expect(result.getByTestId('delivery-status')).toHaveText('Duplicate: already applied');
    expect(await journalSnapshot(app)).toBe(applied);
  });

  test('a JSON-lines file: a malformed line is skipped by its number and the rest imported', async ({
    app,
  }) => {
    const body = canonicalJson({ event: 'test.webhook', event_id: `evt_file_${Date.now()}`, data: { n: 1 } });
    const content = [
      JSON.stringify({ raw_body: body, headers: { 'X-Signature': sign(body) } }),
      '{broken',
      JSON.stringify({ raw_body: body.replace('"n":1', '"n":2'), signature: sign(body) }),
    ].join('\n');
    await app.getByTestId('nav-webhooks').click();
    await app.getByLabel('JSON-lines file').setInputFiles({
      name: 'deliveries.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(content),
    });
    const summary = app.getByTestId('import-summary');
    await expect(summary.getByRole('status')).toHaveText(
      '3 lines: 0 applied to the journal, 1 verified without a journal change, 0 duplicates, 1 rejected, 1 skipped.',
    );
    await expect(summary.getByTestId('import-skipped')).toContainText('Line 2: not JSON');
    await expect(summary.getByTestId('delivery')).toHaveCount(2);
    await summary.scrollIntoViewIfNeeded();
    await screenshotBothThemes(app, 'webhooks-imported');
  });

  test('the Sandbox test webhook makes the round trip and shows each step', async ({ app }) => {
    await app.getByTestId('nav-webhooks').click();
    await app.getByRole('button', { name: 'Send a test webhook' }).click();
    const trip = app.getByTestId('round-trip');
    await expect(trip).toContainText('Sent: Test webhook sent (1 delivery).');
    await expect(trip).toContainText("Received by the desk's Sandbox receiver on this computer.");
    await expect(trip).toContainText('Signature verified with the Sandbox merchant key.');
    await expect(trip.getByTestId('delivery-status')).toHaveText('Verified');
    await expect(trip.getByTestId('delivery')).toContainText('test.webhook');
    await trip.scrollIntoViewIfNeeded();
    await screenshotBothThemes(app, 'webhooks-round-trip');
  });

  test('a toast appears when a withdrawal completes, linking its journal entry', async ({ app }) => {
    const { withdrawalId, entryId } = await sendWithdrawal(app);
    await completeWithdrawalInSandbox(app, withdrawalId);
    const toast = app.getByTestId('toast').filter({ hasText: withdrawalId });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Withdrawal completed · SANDBOX');
    await expect(toast).toContainText(`12.5 USDT · TRON (TRC-20) sent (${withdrawalId}).`);
    await expect(toast.getByRole('link', { name: 'Open in the Journal' })).toHaveAttribute(
      'href',
      `#/journal?entry=${entryId}`,
    );
    await screenshotBothThemes(app, 'webhooks-toast');
    await toast.getByRole('button', { name: /Dismiss/ }).click();
    await expect(toast).toHaveCount(0);
  });

  test('with notifications turned off in Settings, a completed withdrawal raises no toast', async ({
    app,
  }) => {
    await app.getByTestId('nav-settings').click();
    const setting = app.getByTestId('notifications-enabled');
    await expect(setting).toBeChecked();
    await setting.uncheck();
    await expect(setting).not.toBeChecked();
    await setting.scrollIntoViewIfNeeded();
    await screenshotBothThemes(app, 'webhooks-notifications-setting-off');
    try {
      // Kept by main: a fresh page sees it off.
      await app.reload();
      await app.getByTestId('nav-settings').click();
      await expect(app.getByTestId('notifications-enabled')).not.toBeChecked();
      // Every toast this page is shown from now on, even one dismissed at once.
      await app.evaluate(() => {
        const shown: string[] = [];
        (window as unknown as { toastsShown: string[] }).toastsShown = shown;
        new MutationObserver(() => {
          for (const toast of document.querySelectorAll('[data-testid="toast"]'))
            if (!shown.includes(toast.textContent ?? '')) shown.push(toast.textContent ?? '');
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const silent = await sendWithdrawal(app);
      await completeWithdrawalInSandbox(app, silent.withdrawalId);
      // The Sandbox delivers its webhook after it answers: wait until the desk has applied it, while the
      // setting is still off (and so the second, identical withdrawal is not refused as a double).
      await app.getByTestId('nav-withdrawals').click();
      await expect(
        app.getByTestId('withdrawal-row').filter({ hasText: silent.withdrawalId }),
      ).toHaveAttribute('data-state', 'completed');
      // Turned on again, the next completion raises its toast. The events reach the page in order, so
      // a toast for the first completion, had main sent one, would have been shown before this one.
      await app.getByTestId('nav-settings').click();
      await app.getByTestId('notifications-enabled').check();
      await expect(app.getByTestId('notifications-enabled')).toBeChecked();
      const heard = await sendWithdrawal(app);
      await completeWithdrawalInSandbox(app, heard.withdrawalId);
      await expect(app.getByTestId('toast').filter({ hasText: heard.withdrawalId })).toBeVisible();
      const shown = await app.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown);
      expect(shown.filter((text) => text.includes(silent.withdrawalId))).toEqual([]);
      expect(shown.filter((text) => text.includes(heard.withdrawalId))).toHaveLength(1);
    } finally {
      await app.getByTestId('nav-settings').click();
      await app.getByTestId('notifications-enabled').check();
      await expect(app.getByTestId('notifications-enabled')).toBeChecked();
    }
  });
});
