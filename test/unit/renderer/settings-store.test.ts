import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '@renderer/features/settings/settings-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { installFakeMerchant, removeFakeMerchant } from './fake-merchant';

const KEY = 'sk_live_0123456789abcdef';
const initial = useSettingsStore.getState();
const shellInitial = useShellStore.getState();
const profile = {
  id: 'p-live',
  name: 'Shop',
  environment: 'live',
  baseUrl: 'https://api.example.com',
  merchantId: 'm1',
  signing: 'timestamped',
  pollIntervalMs: 5000,
};
const profilesView = { profiles: [profile], activeId: 'p-live' };

function fill() {
  const { setDraft } = useSettingsStore.getState();
  setDraft('name', 'Shop');
  setDraft('baseUrl', 'https://api.example.com');
  setDraft('merchantId', 'm1');
  setDraft('apiKey', KEY);
}

beforeEach(() => {
  useSettingsStore.setState(initial, true);
  useShellStore.setState(shellInitial, true);
});
afterEach(removeFakeMerchant);

describe('settings store: adding a live profile', () => {
  it('creates the profile, stores the key, and then keeps no copy of the key', async () => {
    const fake = installFakeMerchant({
      'profiles.create': () => ({ ok: true, data: profile }),
      'secrets.set': () => ({ ok: true, data: { profileId: 'p-live', stored: true, fingerprint: '…cdef' } }),
      'profiles.list': () => ({ ok: true, data: profilesView }),
    });
    fill();
    expect(await useSettingsStore.getState().createLiveProfile()).toBe(true);
    const writes = fake.calls.filter((c) => c.channel !== 'profiles.list');
    expect(writes.map((c) => c.channel)).toEqual(['profiles.create', 'secrets.set']);
    expect(writes[0]?.request).toEqual({
      name: 'Shop',
      environment: 'live',
      baseUrl: 'https://api.example.com',
      merchantId: 'm1',
    });
    expect(writes[1]?.request).toEqual({ profileId: 'p-live', apiKey: KEY });
    const state = useSettingsStore.getState();
    expect(state.draft.apiKey).toBe('');
    expect(state.keyStored['p-live']).toBe(true);
    expect(JSON.stringify(state)).not.toContain(KEY);
    expect(JSON.stringify(useShellStore.getState())).not.toContain(KEY);
  });

  it('keeps what the user typed when the keychain fails, and retries only the key', async () => {
    let keychainUp = false;
    const fake = installFakeMerchant({
      'profiles.create': () => ({ ok: true, data: profile }),
      'secrets.set': () =>
        keychainUp
          ? { ok: true, data: { profileId: 'p-live', stored: true, fingerprint: '…cdef' } }
          : {
              ok: false,
              error: {
                kind: 'keychain-unavailable',
                message: 'The system keychain is locked. Unlock it (log in again) and try again.',
              },
            },
      'profiles.list': () => ({ ok: true, data: profilesView }),
    });
    fill();
    expect(await useSettingsStore.getState().createLiveProfile()).toBe(false);
    let state = useSettingsStore.getState();
    expect(state.createError?.message).toMatch(/Unlock it/);
    expect(state.draft).toEqual({
      name: 'Shop',
      baseUrl: 'https://api.example.com',
      merchantId: 'm1',
      apiKey: KEY,
    });
    expect(state.pendingProfileId).toBe('p-live');

    keychainUp = true;
    expect(await useSettingsStore.getState().createLiveProfile()).toBe(true);
    expect(fake.calls.filter((c) => c.channel === 'profiles.create')).toHaveLength(1);
    state = useSettingsStore.getState();
    expect(state.pendingProfileId).toBeNull();
    expect(JSON.stringify(state)).not.toContain(KEY);
  });

  it('puts field errors next to their fields and keeps the draft', async () => {
    installFakeMerchant({
      'profiles.create': () => ({
        ok: false,
        error: {
          kind: 'invalid-request',
          message: 'Check the highlighted fields.',
          fieldErrors: {
            baseUrl: ['A live profile needs a secure address that starts with https://.'],
            'patch.name': ['Give the profile a name, for example “Acme live”.'],
          },
        },
      }),
    });
    fill();
    expect(await useSettingsStore.getState().createLiveProfile()).toBe(false);
    const state = useSettingsStore.getState();
    // Main speaks the same plain words as the form (one schema): each message lands on its field.
    expect(state.createFieldErrors).toEqual({
      baseUrl: 'A live profile needs a secure address that starts with https://.',
      name: 'Give the profile a name, for example “Acme live”.',
    });
    expect(state.draft.apiKey).toBe(KEY);
    expect(state.pendingProfileId).toBeNull();
  });

  it('refuses an obviously bad key before creating anything', async () => {
    const fake = installFakeMerchant({});
    fill();
    useSettingsStore.getState().setDraft('apiKey', 'has space');
    expect(await useSettingsStore.getState().createLiveProfile()).toBe(false);
    expect(fake.calls).toHaveLength(0);
    expect(useSettingsStore.getState().createFieldErrors.apiKey).toMatch(/contains spaces/);
  });

  it('reports every problem of the form in one round, in plain words, before sending anything', async () => {
    const fake = installFakeMerchant({});
    const { setDraft } = useSettingsStore.getState();
    setDraft('name', '');
    setDraft('baseUrl', 'http://api.example.com');
    setDraft('merchantId', 'acme 42');
    setDraft('apiKey', 'short');
    expect(await useSettingsStore.getState().createLiveProfile()).toBe(false);
    expect(fake.calls).toHaveLength(0);
    const errors = useSettingsStore.getState().createFieldErrors;
    expect(Object.keys(errors).sort()).toEqual(['apiKey', 'baseUrl', 'merchantId', 'name']);
    expect(errors.baseUrl).toMatch(/https:\/\//);
    expect(errors.apiKey).toMatch(/too short/);
    expect(Object.values(errors).join(' ')).not.toMatch(/baseUrl|apiKey|merchantId|keychain/);
  });
});

describe('settings store: key replace and delete', () => {
  it('clears the replacement key once stored, and reports keychain timeouts', async () => {
    installFakeMerchant({
      'secrets.set': () => ({ ok: true, data: { profileId: 'p-live', stored: true, fingerprint: '…cdef' } }),
    });
    const s = useSettingsStore.getState();
    s.setKeyDraft('p-live', KEY);
    expect(await s.storeKey('p-live')).toBe(true);
    expect(useSettingsStore.getState().keyDrafts['p-live']).toBe('');
    expect(JSON.stringify(useSettingsStore.getState())).not.toContain(KEY);

    installFakeMerchant({
      'secrets.delete': () => ({
        ok: false,
        error: {
          kind: 'keychain-timeout',
          message: 'The keychain did not answer within 5 s. Unlock it and try again.',
        },
      }),
    });
    expect(await s.deleteKey('p-live')).toBe(false);
    expect(useSettingsStore.getState().keyErrors['p-live']?.kind).toBe('keychain-timeout');
    expect(useSettingsStore.getState().keyStored['p-live']).toBe(true);
  });

  it('keeps a failed replacement key so the user can retry', async () => {
    installFakeMerchant({
      'secrets.set': () => ({
        ok: false,
        error: { kind: 'keychain-unavailable', message: 'No keychain: install gnome-keyring.' },
      }),
    });
    const s = useSettingsStore.getState();
    s.setKeyDraft('p-live', KEY);
    expect(await s.storeKey('p-live')).toBe(false);
    expect(useSettingsStore.getState().keyDrafts['p-live']).toBe(KEY);
  });

  it('saves signing mode and polling interval through profiles.update', async () => {
    const fake = installFakeMerchant({
      'profiles.update': () => ({ ok: true, data: { ...profile, signing: 'legacy', pollIntervalMs: 30000 } }),
      'profiles.list': () => ({ ok: true, data: profilesView }),
    });
    expect(
      await useSettingsStore.getState().updateProfile('p-live', { signing: 'legacy', pollIntervalMs: 30000 }),
    ).toBe(true);
    expect(fake.calls[0]).toEqual({
      channel: 'profiles.update',
      request: { id: 'p-live', patch: { signing: 'legacy', pollIntervalMs: 30000 } },
    });
  });
});
