import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { qrCardLayout } from '@main/services/qr-card/qr-card';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { readLine, readPng } from '@test/helpers/qr-card-reader';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

const decode = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
};

describe('wallets channels', () => {
  it('keeps the label in the desk and never sends it to the service', async () => {
    app = await startAppHarness();
    const result = await app.ok('wallets:create', { coin: 'usdt', network: 'tron', label: 'Shop till 1' });
    expect(result.outcome).toBe('accepted');
    const sent = app.sandbox.control.wallets();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ label: null });
    const { wallets } = await app.ok('wallets:list');
    expect(wallets).toHaveLength(1);
    expect(wallets[0]!.label).toBe('Shop till 1');
    expect(wallets[0]!.entry.externalIds.walletId).toBe(sent[0]!.id);
  });

  it('lists the desk wallets newest first, other operations left out, labels kept in the data folder', async () => {
    app = await startAppHarness();
    const first = await app.ok('wallets:create', { coin: 'usdt', network: 'tron', label: 'first' });
    const second = await app.ok('wallets:create', { coin: 'btc', network: 'bitcoin' });
    await app.ok('invoices:create', { order_id: 'o-1', amount: '10' });
    const { wallets } = await app.ok('wallets:list');
    expect(wallets.map((w) => [w.entry.id, w.label])).toEqual([
      [second.journalId, null],
      [first.journalId, 'first'],
    ]);
    const labels = JSON.parse(readFileSync(join(app.dataDir, 'wallet-labels.json'), 'utf8')) as unknown;
    expect(labels).toEqual({ [first.journalId]: 'first' });
  });

  it('explains a 429 with the wait the service gave, without retrying', async () => {
    app = await startAppHarness();
    app.sandbox.control.injectFault('createWalletAddress', { kind: 'throttle', retryAfter: 42 });
    const result = await app.ok('wallets:create', { coin: 'usdt', network: 'tron', label: 'later' });
    expect(result.outcome).toBe('rejected');
    expect(result.error).toMatchObject({ kind: 'throttle', retryAfterSeconds: 42 });
    expect(app.sandbox.control.wallets()).toHaveLength(0);
  });

  it('saves the QR as a PNG that decodes to the address, framed and named as Sandbox, and nothing when cancelled', async () => {
    const asked: string[] = [];
    let answer: string | null = null;
    app = await startAppHarness({
      chooseQrPath: async (name) => {
        asked.push(name);
        return answer;
      },
    });
    // The catalog names the network on the image ("TRON (TRC-20)"), as on screen.
    await app.services.activeScope().rates.pollOnce();
    const created = await app.ok('wallets:create', { coin: 'usdt', network: 'tron' });
    const { id: walletId, address } = created.data as { id: string; address: string };
    expect(await app.ok('wallets:save-qr', { walletId })).toEqual({ path: null });
    expect(readdirSync(app.dataDir).filter((f) => f.endsWith('.png'))).toEqual([]);
    answer = join(app.dataDir, 'chosen.png');
    expect(await app.ok('wallets:save-qr', { walletId })).toEqual({ path: answer });
    const name = `merchant-desk-SANDBOX-USDT-TRON-${address.slice(0, 8)}.png`;
    expect(asked).toEqual([name, name]);
    const saved = readFileSync(answer);
    expect(decode(saved)).toBe(address);
    // Issue 25, item 2: the marks the screen shows are in the image, read back from its pixels.
    const png = readPng(saved);
    const card = {
      address,
      environment: 'sandbox' as const,
      coin: 'usdt',
      network: 'tron',
      networkName: 'TRON (TRC-20)',
    };
    const lines = qrCardLayout(card).lines;
    expect(lines.map((line) => readLine(png, line, [...line.text].length))).toEqual([
      'SANDBOX — not payable',
      'USDT · TRON (TRC-20)',
      address,
    ]);
  });

  it('refuses to save a wallet this profile has no address for, before asking where', async () => {
    const asked: string[] = [];
    app = await startAppHarness({ chooseQrPath: async (name) => (asked.push(name), null) });
    const result = await app.call('wallets:save-qr', { walletId: 'wal_unknown' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(asked).toEqual([]);
  });

  it('refuses a wallet id that is not one', async () => {
    app = await startAppHarness();
    const result = await app.call('wallets:save-qr', { walletId: '' });
    expect(result.ok).toBe(false);
    expect(existsSync(join(app.dataDir, 'wallet--qr.png'))).toBe(false);
  });
});
