import { describe, expect, it } from 'vitest';
import {
  hashPassphrase,
  isPassphraseHash,
  verifyPassphrase,
} from '@main/security/user-check/passphrase-hash';

describe('the desk passphrase hash', () => {
  it('verifies the passphrase it was made from, and nothing else', async () => {
    const stored = await hashPassphrase('correct horse battery');
    expect(await verifyPassphrase('correct horse battery', stored)).toBe(true);
    expect(await verifyPassphrase('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassphrase('', stored)).toBe(false);
  });

  it('is salted scrypt: the same passphrase hashes differently twice, and the text holds no passphrase', async () => {
    const a = await hashPassphrase('correct horse battery');
    const b = await hashPassphrase('correct horse battery');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt-v1\.32768\.8\.1\.[\w-]{22}\.[\w-]{43}$/);
    expect(a).not.toContain('horse');
    expect(isPassphraseHash(a)).toBe(true);
  });

  it('treats the same text in composed and decomposed Unicode as one passphrase', async () => {
    const stored = await hashPassphrase('caf\u00e9 au lait');
    expect(await verifyPassphrase('cafe\u0301 au lait', stored)).toBe(true);
  });

  it('refuses stored text that is not a hash it reads, or that would cost main minutes', async () => {
    const good = await hashPassphrase('correct horse battery');
    const parts = good.split('.');
    const costly = ['scrypt-v1', String(2 ** 24), ...parts.slice(2)].join('.');
    const shortKey = [...parts.slice(0, 5), 'AAAA'].join('.');
    for (const bad of [
      '',
      'plain text',
      costly,
      shortKey,
      `${good}.extra`,
      good.replace('scrypt-v1', 'scrypt-v0'),
    ]) {
      expect(isPassphraseHash(bad)).toBe(false);
      expect(await verifyPassphrase('correct horse battery', bad)).toBe(false);
    }
  });
});
