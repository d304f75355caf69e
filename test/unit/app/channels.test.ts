import { describe, expect, it } from 'vitest';
import type { InvokeChannel } from '@contract';
import { handleAll, type ChannelRegistry } from '@main/app/modules/channels';

/** Records what is registered, as the router would, and lets the test call a channel. */
function fakeRouter() {
  const live = new Map<string, (request: unknown) => unknown>();
  const router: ChannelRegistry = {
    handle(channel, handler) {
      live.set(channel, handler as (request: unknown) => unknown);
      return () => live.delete(channel);
    },
  };
  return { router, live, call: (channel: InvokeChannel) => live.get(channel)!(undefined) };
}

describe('a module’s channels', () => {
  it('are unregistered by the module’s disposer, and only those', async () => {
    const { router, live } = fakeRouter();
    const other = handleAll(router, {
      'app:info': () => ({ version: '1', platform: 'x', sandboxUrl: null, journalReadOnly: null }),
    });
    const dispose = handleAll(router, {
      'webhooks:list': () => ({ deliveries: [] }),
      'journal:verify-chain': () => ({ ok: true, brokenAt: null, checked: 0, head: null }),
    });
    expect([...live.keys()].sort()).toEqual(['app:info', 'journal:verify-chain', 'webhooks:list']);
    await dispose();
    expect([...live.keys()]).toEqual(['app:info']);
    await other();
    expect(live.size).toBe(0);
  });

  it('finish the calls already running before the disposer resolves', async () => {
    const { router, call } = fakeRouter();
    let finish!: () => void;
    const order: string[] = [];
    const dispose = handleAll(router, {
      'webhooks:list': async () => {
        await new Promise<void>((resolve) => (finish = resolve));
        order.push('call finished');
        return { deliveries: [] };
      },
    });
    const running = call('webhooks:list');
    const disposed = dispose().then(() => order.push('disposed'));
    finish();
    await Promise.all([running, disposed]);
    // Disposal resolved after the call it waited for, not as soon as it was asked.
    expect(order).toEqual(['call finished', 'disposed']);
  });

  it('do not hold disposal up for a call that failed', async () => {
    const { router, call } = fakeRouter();
    const dispose = handleAll(router, {
      'webhooks:list': async () => {
        throw new Error('log unreadable');
      },
    });
    await expect(call('webhooks:list')).rejects.toThrow('log unreadable');
    await dispose();
  });
});
