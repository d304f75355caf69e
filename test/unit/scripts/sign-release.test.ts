import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  isSignedBy,
  publicKeyFromBase64,
  ReleaseSignatures,
  sha512OfFile,
  signaturesFileName,
} from '@main/update/release-signature';
import {
  makeKeyPair,
  publicKeyBase64Of,
  releaseKeyFromEnv,
  signReleaseFolder,
} from '../../../scripts/sign-release';

const folder = () => mkdtempSync(join(tmpdir(), 'md-sign-'));

describe('the release signing tool', () => {
  it('makes a key pair: the private half owner-only, the public half where the build reads it, neither overwritten', () => {
    const dir = folder();
    const file = join(dir, 'release-key.pem');
    const pub = join(dir, 'release-key.pub');
    const publicKey = makeKeyPair(file, pub);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(Buffer.from(publicKey, 'base64')).toHaveLength(32);
    expect(readFileSync(pub, 'utf8')).toBe(`${publicKey}\n`);
    expect(publicKeyBase64Of(readFileSync(file, 'utf8'))).toBe(publicKey);
    expect(() => makeKeyPair(join(dir, 'second.pem'), pub)).toThrow(/EEXIST/);
    expect(existsSync(join(dir, 'second.pem'))).toBe(false);
    expect(() => makeKeyPair(file, join(dir, 'other.pub'))).toThrow(/EEXIST/);
  });

  it('refuses to write the private half inside the repository', () => {
    const repository = folder();
    const outside = folder();
    expect(() =>
      makeKeyPair(join(repository, 'build', 'key.pem'), join(outside, 'k.pub'), repository),
    ).toThrow(/kept outside the repository.*Nothing was written/);
    expect(() => makeKeyPair(join(repository, 'key.pem'), join(outside, 'k.pub'), repository)).toThrow(
      /outside the repository/,
    );
    expect(existsSync(join(outside, 'k.pub'))).toBe(false);
    expect(makeKeyPair(join(outside, 'key.pem'), join(repository, 'k.pub'), repository)).toHaveLength(44);
  });

  it('signs each installer of the folder for the version, and nothing else', async () => {
    const dir = folder();
    const publicKey = makeKeyPair(join(dir, 'key.pem'), join(dir, 'key.pub'));
    const privatePem = readFileSync(join(dir, 'key.pem'), 'utf8');
    for (const name of [
      'Merchant-Desk-Setup-1.5.0.exe',
      'Merchant-Desk-1.5.0-mac.zip',
      'Merchant-Desk-1.5.0.AppImage',
    ])
      writeFileSync(join(dir, name), `bytes of ${name}`);
    writeFileSync(join(dir, 'Merchant-Desk-Setup-1.5.0.exe.blockmap'), 'not an installer');
    writeFileSync(join(dir, 'latest.yml'), 'version: 1.5.0');
    const { file, signatures } = await signReleaseFolder({ dir, version: '1.5.0', privatePem });
    expect(file).toBe(join(dir, signaturesFileName('1.5.0')));
    expect(ReleaseSignatures.parse(JSON.parse(readFileSync(file, 'utf8')))).toEqual(signatures);
    expect(signatures.artifacts.map((a) => a.file)).toEqual([
      'Merchant-Desk-1.5.0-mac.zip',
      'Merchant-Desk-1.5.0.AppImage',
      'Merchant-Desk-Setup-1.5.0.exe',
    ]);
    const key = publicKeyFromBase64(publicKey);
    for (const a of signatures.artifacts) {
      expect(a.sha512).toBe(await sha512OfFile(join(dir, a.file)));
      expect(isSignedBy(key, a.sha512, '1.5.0', a.signature)).toBe(true);
      expect(isSignedBy(key, a.sha512, '1.5.1', a.signature)).toBe(false);
    }
  });

  it('refuses an empty folder and a version that is not one', async () => {
    const dir = folder();
    makeKeyPair(join(dir, 'key.pem'), join(dir, 'key.pub'));
    const privatePem = readFileSync(join(dir, 'key.pem'), 'utf8');
    await expect(signReleaseFolder({ dir, version: '1.5.0', privatePem })).rejects.toThrow(/No installer/);
    await expect(signReleaseFolder({ dir, version: 'v1.5', privatePem })).rejects.toThrow(
      /not a release version/,
    );
  });

  it('takes the key from the environment only, and only the one the app is built with', () => {
    const dir = folder();
    const mine = makeKeyPair(join(dir, 'mine.pem'), join(dir, 'mine.pub'));
    const other = makeKeyPair(join(dir, 'other.pem'), join(dir, 'other.pub'));
    const env = { MERCHANT_DESK_RELEASE_KEY_FILE: join(dir, 'mine.pem') };
    expect(() => releaseKeyFromEnv({}, mine)).toThrow(/Set MERCHANT_DESK_RELEASE_KEY_FILE/);
    expect(() => releaseKeyFromEnv(env, null)).toThrow(/build\/release-key\.pub holds no public key yet/);
    expect(() => releaseKeyFromEnv(env, other)).toThrow(
      /is not the one built into the app.*Nothing was signed/,
    );
    expect(releaseKeyFromEnv(env, mine)).toBe(readFileSync(join(dir, 'mine.pem'), 'utf8'));
    const inline = { MERCHANT_DESK_RELEASE_KEY: readFileSync(join(dir, 'mine.pem'), 'utf8') };
    expect(releaseKeyFromEnv(inline, mine)).toBe(inline.MERCHANT_DESK_RELEASE_KEY);
  });

  // Each spawns the tool twice through npx and tsx: seconds each on a busy machine.
  const SPAWNS = 60_000;
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    promisify(execFile)('npx', ['tsx', 'scripts/sign-release.ts', ...args], {
      env: { ...process.env, ...env },
    });

  it(
    'fails from the command line with its reason, and never writes a private key inside the repository',
    async () => {
      const dir = folder();
      await expect(
        cli(['sign', '--dir', dir], { MERCHANT_DESK_RELEASE_KEY: '', MERCHANT_DESK_RELEASE_KEY_FILE: '' }),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/Set MERCHANT_DESK_RELEASE_KEY_FILE/),
      });
      // Run from the repository with the private half aimed inside it: refused, nothing written.
      await expect(
        cli(['keygen', '--out', 'release-key.pem', '--public', join(dir, 'k.pub')]),
      ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/kept outside the repository/) });
      expect(existsSync('release-key.pem')).toBe(false);
      expect(existsSync(join(dir, 'k.pub'))).toBe(false);
    },
    SPAWNS,
  );

  it(
    'makes a key pair from the command line, and signs with the key the desks carry (--desks-key)',
    async () => {
      const dir = folder();
      const keygen = await cli(['keygen', '--out', join(dir, 'k.pem'), '--public', join(dir, 'k.pub')]);
      expect(keygen.stdout).toMatch(
        /Public key written to .*k\.pub \(commit it; the build reads it\):\n[A-Za-z0-9+/]{43}=\n/,
      );
      const publicKey = readFileSync(join(dir, 'k.pub'), 'utf8').trim();
      expect(keygen.stdout).toContain(publicKey);
      // The release that changes the key is signed with the key the desks carry, named here.
      const release = folder();
      writeFileSync(join(release, 'Merchant-Desk-1.5.0.AppImage'), '1.5.0');
      const signed = await cli(['sign', '--dir', release, '--version', '1.5.0', '--desks-key', publicKey], {
        MERCHANT_DESK_RELEASE_KEY_FILE: join(dir, 'k.pem'),
      });
      expect(signed.stdout).toContain('signed Merchant-Desk-1.5.0.AppImage');
      expect(existsSync(join(release, signaturesFileName('1.5.0')))).toBe(true);
    },
    SPAWNS,
  );
});
