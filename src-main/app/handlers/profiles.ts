import type { ProfilesView } from '@contract';
import type { IpcRouter } from '../../ipc/router';
import { EMBEDDED_BASE_URL } from '../../services/profiles-schema';
import type { AppContext } from '../context';
import { registerConnectionTestHandler } from './connection-test';

/** Only the last four characters leave main, so staff can tell keys apart without seeing one. */
const fingerprintOf = (key: string | null): string | null => (key ? `…${key.slice(-4)}` : null);

export function registerProfileHandlers(router: IpcRouter, ctx: AppContext): void {
  const view = (): ProfilesView => ({ profiles: ctx.profiles.list(), activeId: ctx.profiles.active().id });
  const changed = () => {
    const current = view();
    ctx.emit('profiles:changed', current);
    return current;
  };

  router.handle('app:info', () => ({
    version: ctx.appVersion,
    platform: process.platform,
    sandboxUrl: ctx.sandbox?.url ?? null,
  }));
  router.handle('profiles:list', () => view());
  router.handle('profiles:create', (input) => {
    const profile = ctx.profiles.create(input);
    changed();
    return profile;
  });
  router.handle('profiles:update', ({ id, patch }) => {
    const profile = ctx.profiles.update(id, patch);
    if (id === ctx.profiles.active().id) ctx.switchProfile();
    changed();
    return profile;
  });
  router.handle('profiles:remove', async ({ id }) => {
    ctx.profiles.remove(id);
    // The key must not outlive its profile in the keychain.
    await ctx.secrets.delete(id);
    ctx.switchProfile();
    return changed();
  });
  router.handle('profiles:activate', ({ id }) => {
    ctx.profiles.setActive(id);
    ctx.switchProfile();
    return changed();
  });

  router.handle('secrets:status', async ({ profileId }) => {
    if (ctx.profiles.get(profileId).baseUrl === EMBEDDED_BASE_URL) {
      return { profileId, stored: true, fingerprint: 'built-in' };
    }
    const key = await ctx.secrets.get(profileId);
    if (key) ctx.redactor.register(key);
    return { profileId, stored: key !== null, fingerprint: fingerprintOf(key) };
  });
  router.handle('secrets:set', async ({ profileId, apiKey }) => {
    ctx.profiles.get(profileId);
    await ctx.secrets.set(profileId, apiKey);
    ctx.redactor.register(apiKey);
    if (profileId === ctx.profiles.active().id) ctx.switchProfile();
    return { profileId, stored: true, fingerprint: fingerprintOf(apiKey) };
  });
  router.handle('secrets:delete', async ({ profileId }) => {
    await ctx.secrets.delete(profileId);
    return { profileId, stored: false, fingerprint: null };
  });
  registerConnectionTestHandler(router, ctx);
}
