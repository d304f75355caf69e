import { createReadStream } from 'node:fs';
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { isVersion } from './version';

/**
 * Merchant Desk's own signature on a release, beyond the operating system's code signing: a key pair
 * of our own (Ed25519), whose private half is kept out of CI's build job and out of this repository,
 * and whose public half is built into the app (release-key.ts). The exact bytes signed, per artifact:
 *
 *   UTF-8 of  "merchant-desk-update-v1\n" + sha512 + "\n" + version + "\n"
 *
 * where sha512 is the SHA-512 of the artifact's bytes in standard base64 with padding (the form
 * latest.yml uses) and version is the release's version exactly as in package.json. The tag keeps
 * this signature from ever meaning anything else; the newlines keep the fields apart.
 */
const TAG = 'merchant-desk-update-v1';

export function signedMessage(sha512: string, version: string): Buffer {
  return Buffer.from(`${TAG}\n${sha512}\n${version}\n`, 'utf8');
}

/** SHA-512 of a file's bytes, as base64. */
export async function sha512OfFile(file: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

/** The file the signing tool writes beside a release's artifacts, one per version. */
export const signaturesFileName = (version: string) => `merchant-desk-${version}.signatures.json`;

const Base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64');

export const ReleaseSignatures = z.strictObject({
  format: z.literal('merchant-desk-release-signatures/1'),
  version: z.string().refine(isVersion, 'must be a release version'),
  artifacts: z
    .array(z.strictObject({ file: z.string().min(1), sha512: Base64, signature: Base64 }))
    .min(1, 'must list at least one artifact'),
});
export type ReleaseSignatures = z.infer<typeof ReleaseSignatures>;

/** The raw 32-byte public key, base64, as release-key.ts holds it. */
export function publicKeyFromBase64(raw: string): KeyObject {
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length !== 32) throw new Error('An Ed25519 public key is 32 bytes.');
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: bytes.toString('base64url') },
    format: 'jwk',
  });
}

export function isSignedBy(
  publicKey: KeyObject,
  sha512: string,
  version: string,
  signature: string,
): boolean {
  try {
    return verify(null, signedMessage(sha512, version), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
