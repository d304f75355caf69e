import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMBEDDED_BASE_URL, type ProfileInput } from '@shared/domain/profile';
import { accountProfileId } from '@shared/domain/profile-account';
import { ProfileError, createProfileStore, resolveBaseUrl } from '@main/services/profiles';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-profiles-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const live: ProfileInput = {
  name: 'Live',
  environment: 'live',
  baseUrl: 'https://api.example.com',
  merchantId: 'm-123',
};

function errorOf(fn: () => unknown): ProfileError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return error as ProfileError;
  }
  throw new Error('expected a ProfileError');
}

describe('profiles store', () => {
  it('creates the Sandbox profile on first run and makes it the default', () => {
    const store = createProfileStore(dir);
    expect(store.list()).toHaveLength(1);
    expect(store.active()).toMatchObject({
      id: 'sandbox',
      environment: 'sandbox',
      baseUrl: EMBEDDED_BASE_URL,
    });
    expect(JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8'))).toMatchObject({
      version: 1,
      activeProfileId: 'sandbox',
    });
    expect(store.recovery).toBeNull();
  });

  it('resolves the embedded base URL only once the sandbox runs', () => {
    const store = createProfileStore(dir);
    expect(() => resolveBaseUrl(store.active())).toThrow(/not running/);
    expect(resolveBaseUrl(store.active(), 'http://127.0.0.1:4455')).toBe('http://127.0.0.1:4455');
    expect(resolveBaseUrl(store.create(live))).toBe('https://api.example.com');
  });

  it('creates, activates, updates and removes profiles, persisted across reopen', () => {
    const store = createProfileStore(dir);
    const created = store.create(live);
    expect(created).toMatchObject({ ...live, signing: 'timestamped', pollIntervalMs: 5000 });
    // Its id names its merchant account: the same on every desk that adds it.
    expect(created.id).toBe(accountProfileId('live', 'm-123'));
    store.setActive(created.id);
    store.update(created.id, { signing: 'legacy', pollIntervalMs: 60_000 });
    const reopened = createProfileStore(dir);
    expect(reopened.active()).toMatchObject({ id: created.id, signing: 'legacy', pollIntervalMs: 60_000 });
    reopened.remove(created.id);
    expect(reopened.active().id).toBe('sandbox');
    expect(
      createProfileStore(dir)
        .list()
        .map((p) => p.id),
    ).toEqual(['sandbox']);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('returns copies, so callers cannot mutate the store', () => {
    const store = createProfileStore(dir);
    store.active().name = 'hacked';
    expect(store.active().name).toBe('Sandbox');
  });

  it('never removes the Sandbox profile and never changes a profile environment', () => {
    const store = createProfileStore(dir);
    expect(errorOf(() => store.remove('sandbox')).kind).toBe('profile-protected');
    const p = store.create(live);
    const e = errorOf(() => store.update(p.id, { environment: 'sandbox' } as never));
    expect(e.kind).toBe('profile-invalid');
    expect(e.message).toMatch(/environment/);
    expect(errorOf(() => store.update('sandbox', { id: 'x' } as never)).message).toMatch(/id/);
  });

  it.each([
    [{ ...live, baseUrl: 'http://api.example.com' }, 'baseUrl', /live profile needs a secure address/],
    [{ ...live, baseUrl: 'http://127.0.0.1:8080' }, 'baseUrl', /live profile needs a secure address/],
    [{ ...live, environment: 'sandbox', baseUrl: 'http://10.0.0.5' }, 'baseUrl', /only for this computer/],
    [
      { ...live, environment: 'sandbox', baseUrl: 'http://127.0.0.1.evil.com' },
      'baseUrl',
      /only for this computer/,
    ],
    [{ ...live, baseUrl: 'ftp://api.example.com' }, 'baseUrl', /https/],
    [{ ...live, baseUrl: 'api.example.com' }, 'baseUrl', /not a full web address/],
    [{ ...live, baseUrl: 'https://user:pw@api.example.com' }, 'baseUrl', /password/],
    [{ ...live, baseUrl: 'https://api.example.com/?x=1' }, 'baseUrl', /Remove everything from the/],
    [{ ...live, baseUrl: EMBEDDED_BASE_URL }, 'baseUrl', /Only a Sandbox profile/],
    [{ ...live, name: '  ' }, 'name', /Give the profile a name/],
    [{ ...live, name: 'a\u0007b' }, 'name', /invisible characters/],
    [{ ...live, merchantId: 'm 1' }, 'merchantId', /spaces/],
    [{ ...live, environment: 'prod' }, 'environment', /sandbox" or "live/],
    [{ ...live, signing: 'md5' }, 'signing', /timestamped/],
    [{ ...live, pollIntervalMs: 999 }, 'pollIntervalMs', /at least 1000/],
    [{ ...live, pollIntervalMs: 600_001 }, 'pollIntervalMs', /at most 600000/],
    [{ ...live, pollIntervalMs: 1500.5 }, 'pollIntervalMs', /whole number/],
    [{ ...live, pollIntervalMs: '5000' }, 'pollIntervalMs', /number/],
    [{ ...live, apiKey: 'sk' }, '(input)', /apiKey/],
  ])('rejects bad input %# naming the field', (input, field, message) => {
    const store = createProfileStore(dir);
    const error = errorOf(() => store.create(input as ProfileInput));
    expect(error.kind).toBe('profile-invalid');
    expect(Object.keys(error.extras.fieldErrors ?? {})).toContain(field);
    expect(error.message).toMatch(message);
    expect(store.list()).toHaveLength(1);
  });

  it.each([
    'http://localhost:4000',
    'http://127.0.0.1:4000',
    'http://127.9.9.9',
    'http://[::1]:4000',
    'https://sandbox.example.com',
  ])('accepts %s for a sandbox profile', (baseUrl) => {
    const store = createProfileStore(dir);
    expect(store.create({ ...live, name: 'Local', environment: 'sandbox', baseUrl }).baseUrl).toBe(baseUrl);
  });

  it('refuses duplicate names and unknown ids', () => {
    const store = createProfileStore(dir);
    store.create(live);
    const taken = errorOf(() => store.create({ ...live, name: 'live', merchantId: 'm-456' }));
    expect(taken.kind).toBe('profile-conflict');
    expect(taken.extras.fieldErrors).toEqual({ name: ['name is already used'] });
    expect(errorOf(() => store.setActive('p-nope')).kind).toBe('profile-not-found');
    expect(errorOf(() => store.update('p-nope', {})).kind).toBe('profile-not-found');
  });

  it('moves a corrupt file aside instead of overwriting it, and says so', () => {
    writeFileSync(join(dir, 'profiles.json'), '{"version":1,"activeProfileId":"sandbox","profiles":[{"id":');
    const warnings: string[] = [];
    const store = createProfileStore(dir, {
      now: () => new Date('2030-01-02T03:04:05Z'),
      onWarning: (m) => warnings.push(m),
    });
    expect(store.recovery?.movedTo).toBe(join(dir, 'profiles.json.corrupt-2030-01-02T03-04-05-000Z'));
    expect(store.recovery?.reason).toMatch(/not valid JSON/);
    expect(readFileSync(store.recovery?.movedTo ?? '', 'utf8')).toContain('"profiles":[{"id":');
    expect(warnings[0]).toMatch(/moved to/);
    expect(store.active().id).toBe('sandbox');
  });

  it('treats a file that fails the schema as corrupt, naming the field', () => {
    const bad = {
      version: 1,
      activeProfileId: 'sandbox',
      profiles: [
        { ...live, id: 'p-1', signing: 'legacy', pollIntervalMs: 5000, baseUrl: 'http://evil.example' },
      ],
    };
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify(bad));
    const store = createProfileStore(dir);
    expect(store.recovery?.reason).toMatch(/profiles\[0\]\.baseUrl/);
  });

  it('refuses to touch a file written by a newer version', () => {
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify({ version: 2, whatever: true }));
    expect(errorOf(() => createProfileStore(dir)).kind).toBe('profile-newer-file');
    expect(readdirSync(dir)).toEqual(['profiles.json']);
  });

  it('puts the Sandbox profile back when a valid file lacks it', () => {
    const file = {
      version: 1,
      activeProfileId: 'p-1',
      profiles: [{ ...live, id: 'p-1', signing: 'timestamped', pollIntervalMs: 5000 }],
    };
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify(file));
    const store = createProfileStore(dir);
    expect(store.list().map((p) => p.id)).toEqual(['sandbox', 'p-1']);
    expect(store.active().id).toBe('p-1');
    expect(store.recovery).toBeNull();
  });

  it('refuses a second profile for the same merchant account, naming the one this desk has', () => {
    const store = createProfileStore(dir);
    const first = store.create({ ...live, name: 'Acme live', merchantId: '1001' });
    expect(first.id).toBe('m-383e8e1c49a89ecb0324');
    const again = errorOf(() =>
      store.create({
        ...live,
        name: 'Acme again',
        merchantId: ' 1001 ',
        baseUrl: 'https://API.example.com/v1',
      }),
    );
    expect(again.kind).toBe('profile-conflict');
    const words =
      'This desk already has a profile for merchant ID 1001 (live): “Acme live”. One profile per merchant account: edit that one.';
    expect(again.message).toBe(words);
    expect(again.extras.fieldErrors).toEqual({ merchantId: [words] });
    // The same merchant ID in the other environment is another account.
    expect(store.create({ ...live, name: 'Acme test', environment: 'sandbox', merchantId: '1001' }).id).toBe(
      'm-e28c9b7ddf1261ec82d4',
    );
    expect(store.list()).toHaveLength(3);
  });

  it('refuses to move a profile onto an account another profile of this desk holds', () => {
    const store = createProfileStore(dir);
    store.create({ ...live, name: 'Acme live', merchantId: '1001' });
    const other = store.create({ ...live, name: 'Other', merchantId: '2002' });
    const moved = errorOf(() => store.update(other.id, { merchantId: '1001' }));
    expect(moved.kind).toBe('profile-conflict');
    expect(moved.extras.fieldErrors?.merchantId?.[0]).toContain('“Acme live”');
    // Alone a merchant ID may change; the profile keeps its id (the keychain account), now not lined up.
    expect(store.update(other.id, { merchantId: '3003' })).toMatchObject({
      id: other.id,
      merchantId: '3003',
    });
    // A profile for 2002 is refused while the changed profile still holds 2002's id, in words that say so.
    const held = errorOf(() => store.create({ ...live, name: 'Two', merchantId: '2002' }));
    expect(held.message).toContain(
      '“Other” was made for merchant ID 2002 (live) and then changed to merchant ID 3003',
    );
  });

  it('keeps a profile made before ids named accounts (p-…): it loads, works and keeps its id', () => {
    const old = {
      ...live,
      merchantId: '1001',
      id: 'p-0a1b2c3d4e',
      signing: 'timestamped',
      pollIntervalMs: 5000,
    };
    writeFileSync(
      join(dir, 'profiles.json'),
      JSON.stringify({ version: 1, activeProfileId: old.id, profiles: [old] }),
    );
    const store = createProfileStore(dir);
    expect(store.recovery).toBeNull();
    expect(store.active().id).toBe('p-0a1b2c3d4e');
    expect(store.update(old.id, { name: 'Acme (old)' })).toMatchObject({ id: 'p-0a1b2c3d4e' });
    // Adding it again gives the account's id beside it; the old one is removed once nothing of it is open.
    const lined = store.create({ ...live, name: 'Acme live', merchantId: '1001' });
    expect(lined.id).toBe('m-383e8e1c49a89ecb0324');
    store.setActive(lined.id);
    store.remove(old.id);
    expect(
      createProfileStore(dir)
        .list()
        .map((p) => p.id),
    ).toEqual(['sandbox', 'm-383e8e1c49a89ecb0324']);
  });
});
