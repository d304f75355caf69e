import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '@main/secrets';
import type { BoundSecretStore } from '@main/secrets/bound-store';
import { gateKeys } from '@main/app/treasury-keys';

const KEY = 'live-key-0123456789';

function desk(file?: string) {
  const memory = createMemoryStore();
  const store: BoundSecretStore = {
    ...memory,
    get: (id) => memory.get(id),
    set: (id, v) => memory.set(id, v),
    delete: (id) => memory.delete(id),
    has: (id) => memory.has(id),
    state: async (id) => ((await memory.has(id)) ? 'bound' : 'none'),
  };
  const profiles = [
    { id: 'sandbox', name: 'Sandbox', baseUrl: 'embedded' },
    { id: 'p-live', name: 'Acme live', baseUrl: 'https://pay.example' },
  ];
  const logs: string[] = [];
  const { secrets, hold } = gateKeys(
    store,
    { list: () => profiles as never },
    { logLine: (l) => logs.push(l), file },
  );
  return { memory, secrets, hold, logs };
}

describe('only treasury desks hold the key', () => {
  it('on a desk of no team, or a team naming no treasury desk, nothing changes', async () => {
    const d = desk();
    await d.secrets.set('p-live', KEY);
    await d.hold.learn(null);
    await d.hold.learn({ thisDesk: false, treasuryDesks: [] });
    expect(await d.secrets.get('p-live')).toBe(KEY);
    expect(d.hold.view()).toEqual({ words: null, treasuryDesks: [], removed: [] });
  });

  it('a treasury desk keeps and stores its key', async () => {
    const d = desk();
    await d.hold.learn({ thisDesk: true, treasuryDesks: ['Vault'] });
    await d.secrets.set('p-live', KEY);
    expect(await d.secrets.get('p-live')).toBe(KEY);
    expect(d.hold.view().words).toBeNull();
  });

  it('any other desk removes the stored key, never reads one, refuses a new one in words; named again it may', async () => {
    const d = desk();
    await d.secrets.set('p-live', KEY);
    await d.hold.learn({ thisDesk: false, treasuryDesks: ['Vault', 'Safe'] });
    expect(await d.memory.has('p-live')).toBe(false);
    expect(d.hold.view()).toMatchObject({ treasuryDesks: ['Vault', 'Safe'], removed: ['Acme live'] });
    expect(d.logs.join('\n')).toContain('"Acme live" was removed');
    // Even a key that reached the keychain some other way is never read while refused.
    await d.memory.set('p-live', KEY);
    expect(await d.secrets.get('p-live')).toBeNull();
    expect(await d.secrets.state('p-live')).toBe('none');
    await expect(d.secrets.set('p-live', KEY)).rejects.toMatchObject({
      kind: 'treasury-only',
      message: expect.stringContaining('(Vault, Safe)'),
    });
    await d.hold.learn({ thisDesk: true, treasuryDesks: ['Vault', 'Safe'] });
    expect(await d.secrets.get('p-live')).toBe(KEY);
  });

  it('what it learned is kept: started again while the ledger is away, it still holds no key', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'md-treasury-')), 'treasury-keys.json');
    await desk(file).hold.learn({ thisDesk: false, treasuryDesks: ['Vault'] });
    const again = desk(file);
    expect(again.hold.view().words).toContain('(Vault)');
    await again.memory.set('p-live', KEY);
    expect(await again.secrets.get('p-live')).toBeNull();
    // Leaving the team (or the team naming no treasury desk) forgets it.
    await again.hold.learn(null);
    expect(existsSync(file)).toBe(false);
    expect(await again.secrets.get('p-live')).toBe(KEY);
  });
});
