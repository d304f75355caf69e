import { describe, expect, it, vi } from 'vitest';
import { createBridge, type BridgeTransport } from '@bridge';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  channelOfVerb,
  verbPath,
  type EventChannel,
} from '@shared/ipc-channels';

function harness(answer: unknown = { ok: true, data: 'as sent' }) {
  const listeners = new Map<EventChannel, (payload: unknown) => void>();
  const transport: BridgeTransport = {
    invoke: vi.fn(async () => answer),
    subscribe: vi.fn((channel: EventChannel, listener: (payload: unknown) => void) => {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    }),
  };
  const push = (channel: EventChannel, payload: unknown) => listeners.get(channel)?.(payload);
  return { api: createBridge(transport), transport, push, listeners };
}

const verbsOf = (api: object) =>
  api as Record<string, Record<string, (request?: unknown) => Promise<unknown>>>;

describe('the preload bridge: a door to the contract channels and nothing else', () => {
  it('has one verb per invoke channel, and each reaches exactly its own channel with the request', async () => {
    const { api, transport } = harness();
    const groups = [...new Set(INVOKE_CHANNELS.map((channel) => channel.split(':')[0]))];
    expect(Object.keys(api).sort()).toEqual([...groups, 'on'].sort());
    for (const channel of INVOKE_CHANNELS) {
      const [group, verb] = verbPath(channel);
      await verbsOf(api)[group]![verb]!({ probe: channel });
      expect(transport.invoke).toHaveBeenLastCalledWith(channel, { probe: channel });
    }
    expect(transport.invoke).toHaveBeenCalledTimes(INVOKE_CHANNELS.length);
  });

  it('passes the answer through as main sent it (the renderer checks it), and a failed transport rejects', async () => {
    const odd = { ok: 'maybe', data: { rows: 'not a list' } };
    await expect(harness(odd).api.rates.snapshot()).resolves.toBe(odd);
    const failing = createBridge({
      invoke: () => Promise.reject(new Error('socket closed')),
      subscribe: () => () => {},
    });
    await expect(failing.fees.get()).rejects.toThrow('socket closed');
  });

  it('delivers pushes on declared events until unsubscribed', () => {
    const { api, push } = harness();
    const seen: unknown[] = [];
    const off = api.on('journal:changed', (payload) => seen.push(payload));
    push('journal:changed', { id: '7' });
    off();
    push('journal:changed', { id: '8' });
    expect(seen).toEqual([{ id: '7' }]);
  });

  it('refuses an event outside the contract and a listener that is not a function, before subscribing', () => {
    const { api, transport } = harness();
    expect(() => api.on('secrets:leak' as EventChannel, () => {})).toThrow(/Unknown event channel/);
    expect(() => api.on(EVENT_CHANNELS[0], 'run me' as never)).toThrow(/listener must be a function/);
    expect(transport.subscribe).not.toHaveBeenCalled();
  });

  it('names each verb so the renderer finds its channel again', () => {
    for (const channel of INVOKE_CHANNELS) expect(channelOfVerb(...verbPath(channel))).toBe(channel);
  });

  it('is frozen: a page script cannot swap a verb for its own', () => {
    const { api } = harness();
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.invoices)).toBe(true);
  });
});
