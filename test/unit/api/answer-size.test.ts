import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@main/api/client';
import { withWrites } from '@test/helpers/with-writes';
import { MAX_ANSWER_BYTES } from '@main/api/transport';

let server: Server | undefined;
let bytesSent = 0;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A service that answers with an endless JSON-looking stream (chunked: no length is declared). */
async function floodingService(declaredLength?: number): Promise<string> {
  bytesSent = 0;
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, {
      'Content-Type': 'application/json',
      ...(declaredLength ? { 'Content-Length': String(declaredLength) } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    res.write('{"status":"success","data":[');
    const pump = () => {
      while (!res.destroyed && bytesSent < 64 * 1024 * 1024) {
        bytesSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const client = (baseUrl: string) =>
  withWrites(
    createApiClient({ baseUrl, merchantId: 'm-1', apiKey: 'sk_live_size_cap_key', retry: { attempts: 1 } }),
  );

describe('answers from the service are read with a size cap', () => {
  it('a read stops at the cap with its own kind, without reading the rest', async () => {
    const api = client(await floodingService());
    await expect(api.getCoinRates()).rejects.toMatchObject({
      kind: 'answer-too-large',
      message: expect.stringMatching(/larger than 4096 KB, so it was not read/),
    });
    expect(bytesSent).toBeLessThan(32 * 1024 * 1024);
  });

  it('a declared length over the cap is refused before the body is read', async () => {
    const api = client(await floodingService(MAX_ANSWER_BYTES * 4));
    await expect(api.getCoinRates()).rejects.toMatchObject({ kind: 'answer-too-large' });
  });

  it('a write whose answer is too large has an unknown outcome (it may have happened)', async () => {
    const api = client(await floodingService());
    const out = await api.createInvoice({ order_id: 'BIG-ANSWER', amount: '10' });
    expect(out).toMatchObject({ outcome: 'unknown', error: { kind: 'answer-too-large' } });
  });
});
