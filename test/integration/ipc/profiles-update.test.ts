import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  await app.dispose();
});

const LIVE = {
  name: 'Shop live',
  environment: 'live' as const,
  baseUrl: 'https://api.example.com',
  merchantId: 'm-123',
  signing: 'legacy' as const,
  pollIntervalMs: 30_000,
};

describe('profiles:update through the IPC router', () => {
  it('renaming keeps every field the patch leaves out (no defaults fill in)', async () => {
    const created = await app.ok('profiles:create', LIVE);
    const renamed = await app.ok('profiles:update', { id: created.id, patch: { name: 'Shop EUR' } });
    expect(renamed).toEqual({ ...created, name: 'Shop EUR' });
    const listed = (await app.ok('profiles:list')).profiles.find((p) => p.id === created.id);
    expect(listed).toMatchObject({ name: 'Shop EUR', signing: 'legacy', pollIntervalMs: 30_000 });
  });

  it('changes only the fields it names', async () => {
    const created = await app.ok('profiles:create', LIVE);
    const updated = await app.ok('profiles:update', {
      id: created.id,
      patch: { signing: 'timestamped', pollIntervalMs: 10_000 },
    });
    expect(updated).toEqual({ ...created, signing: 'timestamped', pollIntervalMs: 10_000 });
  });

  it('announces the change to the renderer', async () => {
    const created = await app.ok('profiles:create', LIVE);
    app.events.length = 0;
    await app.ok('profiles:update', { id: created.id, patch: { name: 'Renamed' } });
    const pushed = app.events.find((e) => e.channel === 'profiles:changed');
    expect(pushed?.payload).toMatchObject({
      profiles: expect.arrayContaining([expect.objectContaining({ name: 'Renamed' })]),
    });
  });

  it('refuses to change the environment or the id, naming the field', async () => {
    const created = await app.ok('profiles:create', LIVE);
    const result = await app.call('profiles:update', {
      id: created.id,
      patch: { environment: 'sandbox' } as never,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    const unchanged = (await app.ok('profiles:list')).profiles.find((p) => p.id === created.id);
    expect(unchanged?.environment).toBe('live');
  });

  it('refuses a bad value with the field named and leaves the profile as it was', async () => {
    const created = await app.ok('profiles:create', LIVE);
    const result = await app.call('profiles:update', { id: created.id, patch: { pollIntervalMs: 10 } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.fieldErrors).toHaveProperty(['patch.pollIntervalMs']);
    expect((await app.ok('profiles:list')).profiles.find((p) => p.id === created.id)).toEqual(created);
  });

  it('answers an unknown profile with profile-not-found', async () => {
    const result = await app.call('profiles:update', { id: 'p-missing', patch: { name: 'x' } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'profile-not-found' } });
  });
});
