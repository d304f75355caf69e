import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

const decode = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
};
const decodeShown = async (qr: Locator) => decode(await qr.screenshot());

test.describe('wallets', () => {
  test('a wallet created through the form: its QR decodes to its address; saved as PNG; listed with its label', async ({
    app,
    lazyHost,
  }) => {
    const host = await lazyHost.get();
    await app.getByTestId('nav-wallets').click();
    await expect(app.getByTestId('wallets-screen')).toHaveAttribute('data-state', /ready|empty/);
    await app.getByTestId('wallet-pair').selectOption({ label: 'USDT · TRON (TRC-20)' });
    await app.getByTestId('wallet-label').fill('Front desk till');
    await app.getByTestId('wallet-create').dblclick();
    const result = app.getByTestId('wallet-result');
    await expect(result).toContainText('Wallet created: Front desk till');
    await expect(result).toContainText('Send only USDT on TRON (TRC-20) to this address');
    await expect(result.getByTestId('qr-sandbox-caption')).toHaveText('SANDBOX — not payable');

    // The double click created one wallet, and the label stayed on this computer. (The host is shared
    // by every spec of the worker: invoices paid in another spec have wallets of their own.)
    const created = (
      host.services.sandbox!.control.wallets() as Array<{ address: string; label: unknown; type: string }>
    ).filter((w) => w.type === 'static');
    expect(created).toHaveLength(1);
    expect(created[0]!.label).toBeNull();
    const address = created[0]!.address;
    expect(await decodeShown(app.getByTestId('wallet-result-qr').locator('svg'))).toBe(address);

    await result.getByTestId('wallet-save-qr').click();
    const saved = result.getByTestId('wallet-saved');
    await expect(saved).toContainText('Saved to ');
    const path = (await saved.textContent())!.replace(/^Saved to /, '');
    expect(decode(readFileSync(path))).toBe(address);
    // The file says what it is for (issue 25, item 2); the image's words are read back in wallets.test.ts.
    expect(path).toMatch(new RegExp(`/merchant-desk-SANDBOX-USDT-TRON-${address.slice(0, 8)}\\.png$`));

    const row = app.getByTestId('wallet-row').first();
    await expect(row).toContainText('Front desk till');
    await expect(row).toContainText('USDT · TRON (TRC-20)');
    await expect(row).toContainText('Created');
    await row.getByTestId('wallet-show-qr').click();
    await expect(row.getByTestId('wallet-row-qr').locator('img')).toBeVisible();
    expect(await decodeShown(row.getByTestId('wallet-row-qr').locator('img'))).toBe(address);
    await shootBoth(app, 'wallets-created');
  });

  test('a 429 is explained with its wait, and what was typed is kept', async ({ app, lazyHost }) => {
    const control = (await lazyHost.get()).services.sandbox!.control;
    // A wallet's webhook may point only at a host the person approved, in Settings and then in main's
    // own window (the host's stand-in says yes) (issue 26).
    await app.getByTestId('nav-settings').click();
    await app.getByTestId('webhook-host-input').fill('example.com');
    await app.getByRole('button', { name: 'Approve host…' }).click();
    await expect(app.getByTestId('webhook-host-added')).toHaveText(
      'example.com is approved for new wallets.',
    );
    await shootBoth(app, 'settings-webhook-hosts');
    await app.getByTestId('nav-wallets').click();
    await app.getByTestId('wallet-pair').selectOption({ label: 'USDT · TRON (TRC-20)' });
    await app.getByTestId('wallet-label').fill('Kiosk 2');
    await app.getByTestId('wallet-webhook').fill('https://example.com/hooks/kiosk-2');

    control.injectFault('createWalletAddress', { kind: 'throttle', retryAfter: 30 });
    await app.getByTestId('wallet-create').click();
    const limit = app.getByTestId('wallet-limit');
    await expect(limit).toContainText('up to 100 wallets a minute');
    await expect(limit).toContainText('No wallet was created. Try again in 30 seconds.');
    await expect(app.getByTestId('wallet-label')).toHaveValue('Kiosk 2');
    await expect(app.getByTestId('wallet-webhook')).toHaveValue('https://example.com/hooks/kiosk-2');
    await shootBoth(app, 'wallets-429');

    control.injectFault('createWalletAddress', { kind: 'throttle' });
    await app.getByTestId('wallet-create').click();
    await expect(limit).toContainText('Try again in about a minute.');
  });

  test('an unknown outcome is amber, in words, and not retried', async ({ app, lazyHost }) => {
    const control = (await lazyHost.get()).services.sandbox!.control;
    const before = control.wallets().length;
    await app.getByTestId('nav-wallets').click();
    await app.getByTestId('wallet-pair').selectOption({ label: 'USDT · TRON (TRC-20)' });
    control.injectFault('createWalletAddress', { kind: 'drop-after' });
    await app.getByTestId('wallet-create').click();
    const unknown = app.getByTestId('wallet-unknown');
    await expect(unknown).toContainText('the service may or may not have created this wallet', {
      ignoreCase: true,
    });
    await expect(app.getByTestId('error-notice')).toHaveCount(0);
    // The service did create it (the connection dropped after), exactly once.
    expect(control.wallets().length).toBe(before + 1);
    await expect(app.getByTestId('wallet-row').first()).toContainText('Unknown: may or may not exist');
    await shootBoth(app, 'wallets-unknown');
  });

  for (const size of [
    { width: 1280, height: 720 },
    { width: 960, height: 600 },
  ])
    test(`axe clean and no sideways scroll at ${size.width}×${size.height}`, async ({ app }) => {
      await app.setViewportSize(size);
      await app.getByTestId('nav-wallets').click();
      await app.getByTestId('wallet-pair').selectOption({ label: 'USDT · TRON (TRC-20)' });
      await app.getByTestId('wallet-create').click();
      await expect(app.getByTestId('wallet-result')).toBeVisible();
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `wallets-${size.width}x${size.height}`);
    });
});
