import { describe, expect, it } from 'vitest';
import type { ClockSkew } from '@main/api/client';
import { ok } from '@test/helpers/stub-server';
import { NOW, useStub } from './client-fixtures';

const h = useStub();

describe('issue 26 item 6: the clock offset is not taken from a cached answer', () => {
  it('an answer with an Age header (a cache served it) is not a measurement of the service clock', async () => {
    const reports: ClockSkew[] = [];
    const client = h.client({ correctClock: true, onClockSkew: (s) => reports.push(s) });
    // A cache kept this answer for ten minutes: its Date is ten minutes old, the service's clock is fine.
    const stale = new Date(NOW - 600_000).toUTCString();
    h.stub.reply(ok({}, { date: stale, headers: { Age: '600' } }));
    await client.getMerchantFees();
    await client.getMerchantFees();
    expect(reports).toEqual([]);
    expect(client.getClockSkew()).toBeUndefined();
    expect(h.stub.requests[1]!.headers.timestamp).toBe(String(NOW / 1000));
  });

  it('a fresh answer (no Age) still measures it', async () => {
    const client = h.client({ correctClock: true });
    h.stub.reply(ok({}, { date: new Date(NOW - 600_000).toUTCString() }));
    await client.getMerchantFees();
    expect(client.getClockSkew()).toMatchObject({ warn: true, breaksWindow: true });
  });
});
