import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSandboxProfile } from '@main/services/profiles-schema';
import { startAppHarness, type AppHarness, type HarnessOptions } from '../../helpers/app-harness';
import { describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { fourEyesTeam, joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
/** "The live service" as the desks address it; each desk's network hands it to that desk's sandbox. */
const LIVE = /^https:\/\/api\.live-merchant\.example/i;
const ACME_KEY = 'acme-live-key-0123456789';
/** accountProfileId('live', 'acme'), as every desk computes it. */
const ACME_LIVE_ID = 'm-993276634ff0dc394eca';

/** A desk whose live merchant "acme" is its own sandbox behind a live https address. */
async function liveRouted(start: (options: HarnessOptions) => Promise<AppHarness>): Promise<AppHarness> {
  const late: { url?: string } = {};
  const app = await start({
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return fetch(url.replace(LIVE, late.url!), init);
    },
  });
  late.url = app.sandbox.url;
  app.sandbox.control.addMerchant({
    id: 'acme',
    apiKey: ACME_KEY,
    allowWithdrawals: true,
    balances: { 'usdt:tron': '500' },
  });
  return app;
}

describeWithPg('a live profile lines up across the team’s desks (issue 28)', (cluster) => {
  let team: PgTeam;
  let a: AppHarness;
  let b: AppHarness;
  let t: AppHarness;
  let adam: pg.Client;
  beforeAll(async () => {
    ({ team, adam } = await fourEyesTeam(cluster(), 'liveid', { tom: true }));
    a = await liveRouted((o) => joinedDesk(team, 'anna', 'Front office', o));
    b = await joinedDesk(team, 'bob', 'Back office');
    t = await liveRouted((o) => joinedDesk(team, 'tom', 'Treasury', o));
  }, 90_000);
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await t?.dispose();
    await team?.close();
  });

  it('two desks add the live profile for the same merchant ID and get one id: B lists what A recorded, A prepares, B approves, the treasury desk sends', async () => {
    // Different names and spellings of the address; the same merchant account.
    const onA = await a.ok('profiles:create', {
      name: 'Acme live',
      environment: 'live',
      baseUrl: 'https://api.live-merchant.example',
      merchantId: 'acme',
    });
    const onT = await t.ok('profiles:create', {
      name: 'Acme (treasury)',
      environment: 'live',
      baseUrl: 'https://API.Live-Merchant.example',
      merchantId: 'acme',
    });
    expect(onA.id).toBe(ACME_LIVE_ID);
    expect(onT.id).toBe(ACME_LIVE_ID);
    expect((await t.ok('profiles:list')).notLinedUp).toEqual([]);

    // While the team names no treasury desk, desk A holds the key and records a live invoice.
    await a.ok('secrets:set', { profileId: onA.id, apiKey: ACME_KEY });
    await a.ok('profiles:activate', { id: onA.id });
    const invoice = await a.ok('invoices:create', { order_id: 'LIVE-1', amount: '25.00' });
    // The treasury desk lists it under its own profile for the account.
    await t.ok('secrets:set', { profileId: onT.id, apiKey: ACME_KEY });
    await t.ok('profiles:activate', { id: onT.id });
    const listedOnT = async () =>
      (await t.ok('journal:list', { limit: 20 })).entries.map((e) => [e.id, e.profileId]);
    await expect.poll(listedOnT, { timeout: 10_000 }).toContainEqual([invoice.journalId, ACME_LIVE_ID]);

    // The team names its treasury desk; desk A prepares a live withdrawal for approval, B approves.
    const treasury = await team.admin<{ id: string }>(
      `SELECT id::text AS id FROM md.desks WHERE name = 'Treasury'`,
    );
    await adam.query('SELECT md.set_treasury_desk($1, true)', [treasury.rows[0]!.id]);
    const submitted = await a.ok('approvals:submit', {
      withdrawal: { coin: 'usdt', network: 'tron', amount: '12', to_address: ADDRESS },
    });
    expect(submitted.status).toBe('submitted');
    const { id } = submitted;
    await expect
      .poll(async () => (await b.ok('approvals:queue')).items.some((i) => i.id === id), { timeout: 10_000 })
      .toBe(true);
    await b.ok('approvals:approve', { id, revision: 1 });
    const ready = async () =>
      (await t.ok('approvals:queue')).items.find((i) => i.id === id)?.sendable?.here ?? false;
    await expect.poll(ready, { timeout: 10_000 }).toBe(true);

    // From another profile the treasury desk is told which of its profiles to switch to.
    await t.ok('profiles:activate', { id: 'sandbox' });
    const elsewhere = await t.call('approvals:send', { id, revision: 1 });
    expect(elsewhere).toMatchObject({ ok: false, error: { kind: 'profile-changed' } });
    if (!elsewhere.ok)
      expect(elsewhere.error.message).toContain(
        'Switch to “Acme (treasury)” (merchant ID acme (live)) and send it again.',
      );

    await t.ok('profiles:activate', { id: onT.id });
    const sent = await t.ok('approvals:send', { id, revision: 1 });
    expect(sent).toMatchObject({ journalId: id, outcome: 'accepted' });
    // Desk A lists the withdrawal the treasury desk sent, under its own profile for the account.
    const listedOnA = async () =>
      (await a.ok('journal:list', { limit: 20 })).entries
        .filter((e) => e.id === id)
        .map((e) => [e.profileId, e.state]);
    await expect.poll(listedOnA, { timeout: 10_000 }).toEqual([[ACME_LIVE_ID, 'accepted']]);
  });

  it('on a team a profile’s merchant ID does not change, in words; its other fields still do', async () => {
    const id = ACME_LIVE_ID;
    const refused = await t.call('profiles:update', {
      id,
      patch: { merchantId: 'acme-2' },
      apiKey: ACME_KEY,
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'profile-protected' } });
    if (!refused.ok) {
      expect(refused.error.message).toContain('The merchant ID of “Acme (treasury)” was not changed.');
      expect(refused.error.fieldErrors?.merchantId?.[0]).toContain('add a profile for it');
    }
    expect((await t.ok('profiles:list')).profiles.find((p) => p.id === id)?.merchantId).toBe('acme');
    expect(await t.ok('profiles:update', { id, patch: { name: 'Acme' } })).toMatchObject({
      id,
      name: 'Acme',
    });
  });
});

describe('a desk alone (no team)', () => {
  let app: AppHarness;
  afterAll(() => app?.dispose());

  it('keeps a profile made before (p-…), names it as not lined up, and lets a merchant ID change', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'md-live-id-'));
    const old = {
      id: 'p-0a1b2c3d4e',
      name: 'Acme (old)',
      environment: 'live',
      baseUrl: 'https://api.live-merchant.example',
      merchantId: 'acme',
      signing: 'timestamped',
      pollIntervalMs: 5000,
    };
    writeFileSync(
      join(dataDir, 'profiles.json'),
      JSON.stringify({ version: 1, activeProfileId: 'sandbox', profiles: [defaultSandboxProfile(), old] }),
    );
    app = await liveRouted((o) => startAppHarness({ ...o, dataDir }));
    const listed = await app.ok('profiles:list');
    expect(listed.profiles.map((p) => p.id)).toEqual(['sandbox', 'p-0a1b2c3d4e']);
    expect(listed.notLinedUp).toEqual(['p-0a1b2c3d4e']);
    await app.ok('secrets:set', { profileId: old.id, apiKey: ACME_KEY });
    await app.ok('profiles:activate', { id: old.id });
    const invoice = await app.ok('invoices:create', { order_id: 'OLD-1', amount: '5.00' });
    const entries = (await app.ok('journal:list', { limit: 5 })).entries;
    expect(entries.map((e) => [e.id, e.profileId])).toEqual([[invoice.journalId, 'p-0a1b2c3d4e']]);

    // Alone, the merchant ID may change (with the key again, as before).
    const changed = await app.ok('profiles:update', {
      id: old.id,
      patch: { merchantId: 'acme-2' },
      apiKey: ACME_KEY,
    });
    expect(changed).toMatchObject({ id: old.id, merchantId: 'acme-2' });
    // Added again, the account's profile takes the shared id and is lined up.
    const again = await app.ok('profiles:create', {
      name: 'Acme live',
      environment: 'live',
      baseUrl: 'https://api.live-merchant.example',
      merchantId: 'acme',
    });
    expect(again.id).toBe(ACME_LIVE_ID);
    expect((await app.ok('profiles:list')).notLinedUp).toEqual(['p-0a1b2c3d4e']);
  });
});
