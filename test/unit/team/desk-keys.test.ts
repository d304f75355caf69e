import { describe, expect, it } from 'vitest';
import { newDeskKeyPair, signAsDesk, verifyDeskSignature } from '@main/team/desk-keys';

describe('a desk’s key pair', () => {
  it('signs with the private half that the public half on the server verifies, and no other', () => {
    const desk = newDeskKeyPair();
    const other = newDeskKeyPair();
    expect(desk.publicKeyPem).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/,
    );
    const signature = signAsDesk(desk.privateKeyBase64, 'entry 42 claimed');
    expect(verifyDeskSignature(desk.publicKeyPem, 'entry 42 claimed', signature)).toBe(true);
    expect(verifyDeskSignature(desk.publicKeyPem, 'entry 43 claimed', signature)).toBe(false);
    expect(verifyDeskSignature(other.publicKeyPem, 'entry 42 claimed', signature)).toBe(false);
  });
});
