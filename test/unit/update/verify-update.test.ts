import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicKeyFromBase64 } from '@main/update/release-signature';
import { verifyUpdate } from '@main/update/verify-update';
import { signReleaseFolder } from '../../../scripts/sign-release';
import { makeReleaseKey } from '@test/helpers/update-server';

const key = makeReleaseKey();

/** A folder holding one installer of `version`, signed by the release key; the check's inputs for it. */
async function signed(version: string) {
  const dir = mkdtempSync(join(tmpdir(), 'md-verify-'));
  const file = join(dir, `Merchant-Desk-${version}.AppImage`);
  writeFileSync(file, `Merchant Desk ${version}`);
  const { signatures } = await signReleaseFolder({ dir, version, privatePem: key.privatePem });
  return { update: { file, version }, signatures, publicKey: publicKeyFromBase64(key.publicKey) };
}

describe("the check of a download against Merchant Desk's signature", () => {
  it('passes a newer version signed by the release key', async () => {
    const { update, signatures, publicKey } = await signed('1.5.0');
    await expect(verifyUpdate(update, { publicKey, currentVersion: '1.4.0', signatures })).resolves.toMatch(
      /^[A-Za-z0-9+/]+=*$/,
    );
  });

  it('refuses a genuinely signed older or same version, in words, even when the feed let it through', async () => {
    const { update, signatures, publicKey } = await signed('1.3.0');
    await expect(
      verifyUpdate(update, { publicKey, currentVersion: '1.4.0', signatures }),
    ).rejects.toMatchObject({
      kind: 'downgrade',
      message: expect.stringMatching(
        /version 1\.3\.0, which is not newer than the 1\.4\.0 you are running\. Merchant Desk never goes back .*It was not installed\./,
      ),
    });
    await expect(
      verifyUpdate(update, { publicKey, currentVersion: '1.3.0', signatures }),
    ).rejects.toMatchObject({
      kind: 'downgrade',
    });
  });
});
