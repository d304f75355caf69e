import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSignedBy, publicKeyFromBase64, sha512OfFile, signedMessage } from '@main/update/release-signature';
import { publicKeyBase64Of, signArtifact } from '../../../scripts/sign-release';
import { RELEASE_PUBLIC_KEY } from '@main/update/release-key';

const pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('release signatures', () => {
  it('signs exactly the documented bytes', () => {
    expect(signedMessage('c2hh', '1.5.0').toString('utf8')).toBe('merchant-desk-update-v1\nc2hh\n1.5.0\n');
  });

  it('hashes a file as latest.yml does (SHA-512, base64)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'md-sig-')), 'a.bin');
    writeFileSync(file, 'installer bytes');
    expect(await sha512OfFile(file)).toBe(createHash('sha512').update('installer bytes').digest('base64'));
  });

  it('verifies a signature of its key, for that hash and version only', () => {
    const key = pem();
    const publicKey = publicKeyFromBase64(publicKeyBase64Of(key));
    const signature = signArtifact(key, 'c2hh', '1.5.0');
    expect(isSignedBy(publicKey, 'c2hh', '1.5.0', signature)).toBe(true);
    expect(isSignedBy(publicKey, 'c2hh', '1.5.1', signature)).toBe(false);
    expect(isSignedBy(publicKey, 'c2hi', '1.5.0', signature)).toBe(false);
    expect(isSignedBy(publicKeyFromBase64(publicKeyBase64Of(pem())), 'c2hh', '1.5.0', signature)).toBe(false);
    expect(isSignedBy(publicKey, 'c2hh', '1.5.0', 'not a signature')).toBe(false);
  });

  it('refuses keys that are not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    expect(() => signArtifact(rsa.toString(), 'c2hh', '1.5.0')).toThrow('not an Ed25519 key');
    expect(() => publicKeyFromBase64(Buffer.alloc(31).toString('base64'))).toThrow('32 bytes');
  });

  it('carries no key in sources run in Node: only a build has one (test/unit/scripts/release-inputs.test.ts)', () => {
    expect(RELEASE_PUBLIC_KEY).toBeNull();
  });
});
