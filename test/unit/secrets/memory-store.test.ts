import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '@main/secrets/memory-store';

describe('memory store', () => {
  it('behaves like a keychain and never shows its contents', async () => {
    const store = createMemoryStore();
    expect(await store.has('sandbox')).toBe(false);
    await store.set('sandbox', 'sk_memory_SECRET');
    await store.set('live-1', 'other-key-1');
    expect(await store.get('sandbox')).toBe('sk_memory_SECRET');
    await store.set('sandbox', 'replaced-key');
    expect(await store.get('sandbox')).toBe('replaced-key');
    expect(await store.get('live-1')).toBe('other-key-1');
    expect(await store.delete('sandbox')).toBe(true);
    expect(await store.delete('sandbox')).toBe(false);
    expect(JSON.stringify(store) + inspect(store, { depth: 5 })).not.toMatch(/other|replaced/);
  });

  it('validates like the keychain store', async () => {
    const store = createMemoryStore();
    await expect(store.set('sandbox', 'a\nb')).rejects.toMatchObject({ kind: 'keychain-invalid' });
    await expect(store.get('NOPE')).rejects.toMatchObject({ kind: 'keychain-invalid' });
  });
});
