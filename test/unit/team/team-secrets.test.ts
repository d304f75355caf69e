import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '@main/secrets';
import { teamSecrets } from '@main/team/team-secrets';

describe('team secrets in the keychain', () => {
  it('keeps any password (spaces, short, non-ASCII) through the store’s key-shape rule', async () => {
    const store = createMemoryStore();
    const secrets = teamSecrets(store);
    await secrets.set('password', 'ö 1');
    expect(await secrets.get('password')).toBe('ö 1');
    expect(await store.get('password')).not.toContain('ö 1');
  });

  it('clears every team secret when the desk leaves the team', async () => {
    const secrets = teamSecrets(createMemoryStore());
    await secrets.set('password', 'pw');
    await secrets.set('deskToken', 'token-value');
    await secrets.set('deskKey', 'key-value');
    await secrets.clear();
    expect([
      await secrets.get('password'),
      await secrets.get('deskToken'),
      await secrets.get('deskKey'),
    ]).toEqual([null, null, null]);
  });

  it('refuses a value it did not write rather than misreading it', async () => {
    const store = createMemoryStore({ 'desk-token': 'plain-old-token' });
    await expect(teamSecrets(store).get('deskToken')).rejects.toThrow('enter it again');
  });
});
