import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, publicRequest, signedRequest } from '@test/helpers/sandbox-request';
import { useTestSandbox } from '@test/helpers/sandbox-fixture';

const sb = useTestSandbox('test');

type Wallet = { id: string; address: string; qr_code_url: string; status: string; type: string };
const create = (body: unknown, merchant = ALICE) =>
  signedRequest(sb, 'POST', '/v1/wallet-address', body, { merchant });
const wallet = (res: { json: unknown }) => (res.json as { data: Wallet }).data;

describe('createWalletAddress', () => {
  it('static wallets: every request creates another, with a qr_code_url carrying the record id', async () => {
    const a = wallet(await create({ coin: 'usdt', network: 'tron', label: 'shop 1' }));
    const b = wallet(await create({ coin: 'usdt', network: 'tron' }));
    expect(a.id).not.toBe(b.id);
    expect(a.address).not.toBe(b.address);
    expect(a.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(a.qr_code_url).toBe(`${sb.url}/v1/wallet-addresses/${a.id}/qr`);
  });

  it('100 successful creations per 60 s, then 429; failures do not count; the window slides', async () => {
    for (let i = 0; i < 3; i++) expect((await create({ coin: 'nope', network: 'tron' })).status).toBe(422);
    for (let i = 0; i < 100; i++) {
      const res = await create({ coin: 'usdt', network: 'tron' });
      expect(res.status).toBe(200);
    }
    const limited = await create({ coin: 'usdt', network: 'tron' });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ status: 'error', message: expect.stringMatching(/too many/i) });
    // The limit is per merchant.
    expect((await create({ coin: 'usdt', network: 'tron' }, BOB)).status).toBe(200);
    sb.control.advanceClock(59_000);
    expect((await create({ coin: 'usdt', network: 'tron' })).status).toBe(429);
    sb.control.advanceClock(1_000);
    expect((await create({ coin: 'usdt', network: 'tron' })).status).toBe(200);
  });

  it('merchant-type wallet: one per pair, 409 while it is being created', async () => {
    const first = await create({ coin: 'eth', network: 'eth', type: 'merchant' });
    expect(wallet(first)).toMatchObject({ type: 'merchant', status: 'creating' });
    const busy = await create({ coin: 'eth', network: 'eth', type: 'merchant' });
    expect(busy.status).toBe(409);
    expect(busy.json).toEqual({ status: 'error', message: expect.any(String) });
    sb.control.advanceClock(2_000);
    const again = await create({ coin: 'eth', network: 'eth', type: 'merchant' });
    expect(wallet(again)).toMatchObject({ id: wallet(first).id, status: 'active' });
  });

  it('validates coin, network, type and webhook_url', async () => {
    const res = await create({ coin: 'usdt', network: 'bitcoin', type: 'cold', webhook_url: 'ftp://x' });
    expect(res.status).toBe(422);
    expect(Object.keys((res.json as { errors: object }).errors).sort()).toEqual([
      'network',
      'type',
      'webhook_url',
    ]);
  });
});

describe('getWalletQrCode', () => {
  it('serves a PNG that decodes to the wallet address', async () => {
    const w = wallet(await create({ coin: 'btc', network: 'bitcoin' }));
    const res = await fetch(w.qr_code_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(w.address);
  });

  it('404 ControllerError for an unknown id (the blockchain address is not an id)', async () => {
    const w = wallet(await create({ coin: 'btc', network: 'bitcoin' }));
    const res = await publicRequest(sb, 'GET', `/v1/wallet-addresses/${w.address}/qr`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: 'error', message: expect.any(String) });
  });
});
