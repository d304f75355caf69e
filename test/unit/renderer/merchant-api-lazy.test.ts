import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeTransport } from '@bridge';
import type { EventChannel } from '@contract';

// The schemas load on the first answer or push, in a chunk of their own, after the shell has
// painted: wrapping the bridge and subscribing must not build them. Each test gets a fresh module
// graph, and the contract module reports when it is first evaluated.
const contractLoads = vi.fn();

async function freshBridge() {
  vi.resetModules();
  contractLoads.mockClear();
  vi.doMock('@shared/contract', async (importOriginal) => {
    contractLoads();
    return importOriginal();
  });
  const { createBridge } = await import('@preload/bridge');
  const { checkedMerchant } = await import('@renderer/lib/merchant-api');
  const listeners = new Map<EventChannel, (payload: unknown) => void>();
  let answer: unknown = undefined;
  const transport: BridgeTransport = {
    invoke: async () => answer,
    subscribe: (channel, listener) => {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    },
  };
  return {
    api: checkedMerchant(createBridge(transport)),
    answerWith: (value: unknown) => (answer = value),
    push: (channel: EventChannel, payload: unknown) => listeners.get(channel)?.(payload),
  };
}

const TICK = { profileId: 'sandbox', rows: [], lastTickAt: null, stale: false, paused: false, error: null };

describe('checkedMerchant builds the contract on first use', () => {
  beforeEach(() => vi.doUnmock('@shared/contract'));

  it('making the bridge and subscribing build no schema; the first answer does, and is checked', async () => {
    const { api, answerWith } = await freshBridge();
    api.on('rates:tick', () => {});
    expect(contractLoads).not.toHaveBeenCalled();
    answerWith({ ok: true, data: { rows: 'not a list' } });
    const result = await api.rates.snapshot();
    expect(contractLoads).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed-answer' } });
  });

  it('pushes that arrive before the schemas exist are checked and delivered in order', async () => {
    const { api, push } = await freshBridge();
    const seen: unknown[] = [];
    api.on('rates:tick', (tick) => seen.push(tick.lastTickAt));
    push('rates:tick', { ...TICK, lastTickAt: '2025-01-01T00:00:01.000Z' });
    push('rates:tick', { rows: 'not a list' });
    push('rates:tick', { ...TICK, lastTickAt: '2025-01-01T00:00:02.000Z' });
    expect(seen).toEqual([]);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    // Once the schemas exist, a push is checked and delivered at once.
    push('rates:tick', { ...TICK, lastTickAt: '2025-01-01T00:00:03.000Z' });
    expect(seen).toEqual([
      '2025-01-01T00:00:01.000Z',
      '2025-01-01T00:00:02.000Z',
      '2025-01-01T00:00:03.000Z',
    ]);
  });

  it('a push waiting for the schemas is not delivered after its listener unsubscribed', async () => {
    const { api, push } = await freshBridge();
    const listener = vi.fn();
    const off = api.on('rates:tick', listener);
    push('rates:tick', TICK);
    off();
    const other = vi.fn();
    api.on('rates:tick', other);
    push('rates:tick', TICK);
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(1));
    expect(listener).not.toHaveBeenCalled();
  });

  describe('in a browser, the load waits for the page to be idle', () => {
    const idle: { callback: () => void; timeout: number | undefined }[] = [];
    beforeEach(() => {
      idle.length = 0;
      vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
        idle.push({ callback, timeout: options?.timeout });
        return idle.length;
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    it('an answer that arrives before the first idle moment waits for it, then is checked', async () => {
      const { api, answerWith } = await freshBridge();
      answerWith({ ok: true, data: { rows: 'not a list' } });
      const result = api.rates.snapshot();
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      // A hidden window has no idle time: the timeout bounds the wait.
      expect(idle[0]!.timeout).toBeGreaterThan(0);
      expect(idle[0]!.timeout).toBeLessThanOrEqual(1000);
      expect(contractLoads).not.toHaveBeenCalled();
      const idleMoment = vi.fn();
      idleMoment();
      idle[0]!.callback();
      await expect(result).resolves.toMatchObject({ ok: false, error: { kind: 'malformed-answer' } });
      expect(contractLoads).toHaveBeenCalledTimes(1);
      // Built after the idle moment came, not before it.
      expect(contractLoads.mock.invocationCallOrder[0]).toBeGreaterThan(
        idleMoment.mock.invocationCallOrder[0]!,
      );
    });
  });
});
