import { describe, expect, it } from 'vitest';
import { keyTargetOf } from '@shared/domain/profile';
import { createBoundStore } from '@main/secrets/bound-store';
import { createMemoryStore } from '@main/secrets';

const profile = { baseUrl: 'https://api.example.com/v1', merchantId: 'm-1', signing: 'timestamped' as const };

function setup() {
  const inner = createMemoryStore();
  const current = { ...profile };
  const store = createBoundStore(inner, {
    targetOf: () => ({ name: 'Shop', target: keyTargetOf(current) }),
  });
  return { inner, current, store };
}

describe('keys bound to where they were entered for', () => {
  it('hands the key out only while origin, merchant and signing still fit', async () => {
    const { current, store } = setup();
    await store.set('p-1', 'sk_live_aaaaaaaa');
    expect(await store.get('p-1')).toBe('sk_live_aaaaaaaa');
    // A path on the same origin is the same service.
    current.baseUrl = 'https://api.example.com/v2';
    expect(await store.state('p-1')).toBe('bound');
    current.baseUrl = 'https://api.example.com.evil.test';
    await expect(store.get('p-1')).rejects.toMatchObject({ kind: 'key-unbound' });
    current.baseUrl = profile.baseUrl;
    current.signing = 'legacy' as never;
    expect(await store.state('p-1')).toBe('unbound');
  });

  it('a key replaced without its binding (the keychain failed half-way) is not usable anywhere', async () => {
    const { inner, store } = setup();
    await store.set('p-1', 'sk_live_aaaaaaaa');
    await inner.set('p-1', 'sk_live_bbbbbbbb');
    await expect(store.get('p-1')).rejects.toMatchObject({ kind: 'key-unbound' });
  });

  it('a key stored before binding existed must be entered again', async () => {
    const { inner, store } = setup();
    await inner.set('p-1', 'sk_live_aaaaaaaa');
    expect(await store.state('p-1')).toBe('unbound');
    await store.set('p-1', 'sk_live_aaaaaaaa');
    expect(await store.state('p-1')).toBe('bound');
    expect(await store.delete('p-1')).toBe(true);
    expect(await inner.get('p-1-binding')).toBeNull();
  });
});
