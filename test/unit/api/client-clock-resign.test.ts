import { describe, expect, it } from 'vitest';
import { ok } from '@test/helpers/stub-server';
import { NOW, useStub } from './client-fixtures';

const h = useStub();
const TEN_MINUTES = 10 * 60_000;
const expired = (date: string) => ({ status: 401, body: { error: 'Timestamp expired' }, date });

describe('API client: a read refused for a stale timestamp', () => {
  it('is signed again once with the offset its refusal measured, and answered', async () => {
    const ahead = new Date(NOW + TEN_MINUTES).toUTCString();
    h.stub.reply(expired(ahead), { ...ok({ b: 1 }), date: ahead });
    const client = h.client({ correctClock: true });
    await expect(client.getMerchantBalances()).resolves.toEqual({ b: 1 });
    const stamps = h.stub.requests.map((r) => Number(r.headers.timestamp));
    expect(stamps).toHaveLength(2);
    // The second attempt carries the service's time (within the Date header's one-second grain).
    expect(Math.abs(stamps[1]! * 1000 - (NOW + TEN_MINUTES))).toBeLessThanOrEqual(1_000);
    expect(h.sleeps).toEqual([]);
  });

  it('is not signed again without clock correction, nor a second time', async () => {
    const ahead = new Date(NOW + TEN_MINUTES).toUTCString();
    h.stub.reply(expired(ahead));
    await expect(h.client().getMerchantBalances()).rejects.toMatchObject({ kind: 'auth' });
    expect(h.stub.requests).toHaveLength(1);

    h.stub.reply(expired(ahead), expired(new Date(NOW + 2 * TEN_MINUTES).toUTCString()));
    await expect(h.client({ correctClock: true }).getMerchantBalances()).rejects.toMatchObject({
      details: { authError: 'Timestamp expired' },
    });
    expect(h.stub.requests).toHaveLength(2);
  });
});
