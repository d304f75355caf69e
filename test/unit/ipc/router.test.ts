import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { invokeChannels } from '@contract';
import { INVOKE_CHANNELS } from '@shared/ipc-channels';
import { AppError } from '@shared/errors';
import { createIpcRouter, type IpcMainLike, type IpcSenderEvent } from '@main/ipc/router';
import { Redactor } from '@main/security/redactor';

const TRUSTED: IpcSenderEvent = {
  sender: { id: 1 },
  senderFrame: { url: 'file:///app/index.html', parent: null },
};
const UNTRUSTED: IpcSenderEvent = {
  sender: { id: 2 },
  senderFrame: { url: 'https://evil.example/', parent: null },
};

function fakeIpcMain(): IpcMainLike & { channels: Map<string, unknown> } {
  const channels = new Map<string, unknown>();
  return {
    channels,
    handle: (channel, listener) => void channels.set(channel, listener),
    removeHandler: (channel) => void channels.delete(channel),
  };
}

function routerWithEveryChannel(handler: ReturnType<typeof vi.fn> = vi.fn(async () => ({}))) {
  const ipcMain = fakeIpcMain();
  const redactor = new Redactor();
  const router = createIpcRouter({ ipcMain, redactor, isTrustedSender: (e) => e.sender?.id === 1 });
  for (const channel of INVOKE_CHANNELS) router.handle(channel, handler as never);
  return { router, ipcMain, redactor, handler };
}

describe('IPC router', () => {
  it('registers one ipcMain handler per contract channel', () => {
    const { ipcMain } = routerWithEveryChannel();
    expect([...ipcMain.channels.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('refuses untrusted senders without calling the handler', async () => {
    const { router, handler } = routerWithEveryChannel();
    const result = await router.dispatch('profiles:list', undefined, UNTRUSTED);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'forbidden-sender' }) });
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers unknown channels with an error, not a crash', async () => {
    const { router } = routerWithEveryChannel();
    const result = await router.dispatch('secrets:get', { profileId: 'x' }, TRUSTED);
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown-channel' } });
  });

  it('names the field of a malformed payload', async () => {
    const { router, handler } = routerWithEveryChannel();
    const result = await router.dispatch(
      'withdrawals:create',
      { coin: 'usdt', network: 'tron', amount: 5 },
      TRUSTED,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-request');
    expect(result.error.fieldErrors).toHaveProperty('amount');
    expect(result.error.fieldErrors).toHaveProperty('to_address');
    expect(handler).not.toHaveBeenCalled();
  });

  it('never crashes and never passes an invalid payload to a handler, on any channel (property)', async () => {
    const { router, handler } = routerWithEveryChannel(vi.fn(async () => undefined));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...INVOKE_CHANNELS), fc.anything(), async (channel, payload) => {
        handler.mockClear();
        const result = await router.dispatch(channel, payload, TRUSTED);
        expect(typeof result.ok).toBe('boolean');
        const valid = invokeChannels[channel].request.safeParse(payload).success;
        expect(handler).toHaveBeenCalledTimes(valid ? 1 : 0);
        if (!valid) expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
      }),
      { numRuns: 400 },
    );
  });

  it('rejects a handler answer that breaks the response schema', async () => {
    const { router } = routerWithEveryChannel(vi.fn(async () => ({ profiles: 'nope' })));
    const result = await router.dispatch('profiles:list', undefined, TRUSTED);
    expect(result).toMatchObject({ ok: false });
  });

  it('keeps the kind and fields of a typed error, and redacts registered secrets', async () => {
    const secret = 'sk_live_SUPERSECRET_123456';
    const error = new AppError('auth', `upstream said ${secret}`, { httpStatus: 401 });
    const { router, redactor } = routerWithEveryChannel(vi.fn(async () => Promise.reject(error)));
    redactor.register(secret);
    const result = await router.dispatch('balances:get', undefined, TRUSTED);
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', httpStatus: 401 } });
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('turns an untyped throw into an internal error without a stack trace', async () => {
    const { router } = routerWithEveryChannel(
      vi.fn(async () => Promise.reject(new TypeError('x is undefined'))),
    );
    const result = await router.dispatch('fees:get', undefined, TRUSTED);
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(result)).not.toMatch(/at .*\.ts:\d+/);
  });
});
