import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ALICE,
  createTestInvoice,
  publicRequest,
  signedRequest,
  startTestSandbox,
  TRON_ADDRESS,
} from '@test/helpers/sandbox-request';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('state survives a restart with a data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
    dirs.push(dir);
    const dataFile = join(dir, 'state.json');
    const first = await startTestSandbox({ dataFile });
    const code = await createTestInvoice(first, { order_id: 'keep', amount: '10' });
    const w = await signedRequest(first, 'POST', '/v1/withdrawals', {
      network: 'tron',
      coin: 'usdt',
      amount: '10',
      to_address: TRON_ADDRESS,
    });
    expect(w.status).toBe(200);
    first.control.advanceClock(60_000);
    const clockBefore = first.clock.now();
    await first.close();
    expect(JSON.parse(readFileSync(dataFile, 'utf8'))).toMatchObject({ version: 1 });

    const second = await startTestSandbox({ dataFile });
    try {
      expect(second.clock.now()).toBeGreaterThanOrEqual(clockBefore);
      expect((await publicRequest(second, 'GET', `/v1/invoices/${code}`)).status).toBe(200);
      expect(
        (await signedRequest(second, 'POST', '/v1/invoices', { order_id: 'keep', amount: '10' })).status,
      ).toBe(409);
      expect(second.control.withdrawals(ALICE.id)[0]?.status).toBe('completed');
      // New ids never collide with the ones issued before the restart.
      const code2 = await createTestInvoice(second, { order_id: 'next', amount: '10' });
      expect(code2).not.toBe(code);
    } finally {
      await second.close();
    }
  });
});
