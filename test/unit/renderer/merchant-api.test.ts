import { describe, expect, it, vi } from 'vitest';
import { createBridge, type BridgeTransport } from '@bridge';
import type { EventChannel, InvokeChannel } from '@contract';
import { checkedMerchant } from '@renderer/lib/merchant-api';

const TICK = { profileId: 'sandbox', rows: [], lastTickAt: null, stale: false, paused: false, error: null };
const SNAPSHOT = { ...TICK, history: {} };

function harness(answer: (channel: InvokeChannel, payload: unknown) => unknown) {
  const listeners = new Map<EventChannel, (payload: unknown) => void>();
  const transport: BridgeTransport = {
    invoke: vi.fn(async (channel, payload) => answer(channel, payload)),
    subscribe: (channel, listener) => {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    },
  };
  const push = (channel: EventChannel, payload: unknown) => listeners.get(channel)?.(payload);
  return { api: checkedMerchant(createBridge(transport)), transport, push };
}

describe('checkedMerchant: answers and pushes are checked against the contract', () => {
  it('passes a valid answer through, unchanged', async () => {
    const { api, transport } = harness(() => ({ ok: true, data: SNAPSHOT }));
    await expect(api.rates.pause({ paused: true })).resolves.toEqual({ ok: true, data: SNAPSHOT });
    expect(transport.invoke).toHaveBeenCalledWith('rates:pause', { paused: true });
  });

  it('passes a well-formed error answer through', async () => {
    const error = { kind: 'throttle', message: 'Too many requests.', retryAfterSeconds: 7 };
    const { api } = harness(() => ({ ok: false, error }));
    await expect(api.balances.get()).resolves.toEqual({ ok: false, error });
  });

  it.each([
    ['data of the wrong shape', { ok: true, data: { rows: 'nope' } }],
    ['no data at all', { ok: true }],
    ['not an IpcResult', 'hello'],
    ['null', null],
    ['ok missing', { data: SNAPSHOT }],
    ['an error kind outside the closed list', { ok: false, error: { kind: 'weird', message: 'x' } }],
    ['an error without a message', { ok: false, error: { kind: 'internal' } }],
  ])('turns %s into a malformed-answer error that says what to do', async (_name, answer) => {
    const { api } = harness(() => answer);
    const result = await api.rates.snapshot();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('malformed-answer');
    expect(result.error.message).toMatch(/could not read.*Try again/);
    expect(result.error.details).toMatchObject({ channel: 'rates:snapshot' });
  });

  it('turns a transport that throws into an ErrorInfo, never a rejected promise', async () => {
    const { api } = harness(() => {
      throw new Error('socket closed');
    });
    const result = await api.fees.get();
    expect(result).toEqual({
      ok: false,
      error: { kind: 'internal', message: expect.stringMatching(/socket closed.*Try again/) },
    });
  });

  it('delivers a valid push and drops one that breaks the contract', () => {
    const { api, push } = harness(() => undefined);
    const seen: unknown[] = [];
    api.on('rates:tick', (snapshot) => seen.push(snapshot));
    push('rates:tick', { rows: 'not a list' });
    push('rates:tick', null);
    push('rates:tick', TICK);
    expect(seen).toEqual([TICK]);
  });

  it('drops a profiles push whose active id is missing', () => {
    const { api, push } = harness(() => undefined);
    const listener = vi.fn();
    api.on('profiles:changed', listener);
    push('profiles:changed', { profiles: [] });
    expect(listener).not.toHaveBeenCalled();
  });

  it('refuses to subscribe to an event the contract does not declare (the preload refuses it)', () => {
    const { api } = harness(() => undefined);
    expect(() => api.on('secrets:leak' as EventChannel, () => {})).toThrow(/Unknown event channel/);
  });

  it('a rejected verb (the transport failed in the preload) becomes an ErrorInfo too', async () => {
    const unchecked = createBridge({
      invoke: () => Promise.reject(new Error('Error invoking remote method')),
      subscribe: () => () => {},
    });
    await expect(checkedMerchant(unchecked).app.info()).resolves.toMatchObject({
      ok: false,
      error: {
        kind: 'internal',
        message: expect.stringMatching(/did not reach.*Error invoking remote method/),
      },
    });
  });
});
