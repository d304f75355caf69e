import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/**
 * The desk's own Ed25519 key pair. The public half is recorded on the server at enrollment; the
 * private half stays in the keychain (as base64 PKCS#8), so what this desk signs can later be told
 * apart from what another desk, or someone with only a person's password, did.
 */
export interface DeskKeyPair {
  publicKeyPem: string;
  /** PKCS#8 DER, base64: what the keychain keeps. */
  privateKeyBase64: string;
}

export function newDeskKeyPair(): DeskKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyBase64: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  };
}

const privateKeyOf = (base64: string) =>
  createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });

/** @internal Not called by the app yet: approvals (issue 28) sign with the desk key; tested now. */
export function signAsDesk(privateKeyBase64: string, data: string): string {
  return sign(null, Buffer.from(data, 'utf8'), privateKeyOf(privateKeyBase64)).toString('base64');
}

/** @internal Not called by the app yet: approvals (issue 28) check desk signatures; tested now. */
export function verifyDeskSignature(publicKeyPem: string, data: string, signature: string): boolean {
  return verify(
    null,
    Buffer.from(data, 'utf8'),
    createPublicKey(publicKeyPem),
    Buffer.from(signature, 'base64'),
  );
}
