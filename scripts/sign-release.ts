import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  sha512OfFile,
  signaturesFileName,
  signedMessage,
  type ReleaseSignatures,
} from '../src-main/update/release-signature';
import { RELEASE_PUBLIC_KEY } from '../src-main/update/release-key';
import { isVersion } from '../src-main/update/version';

/**
 * Merchant Desk's release signing tool (issue 30 item 2), run by the release owner on the built
 * installers, on a machine that holds the release key (never CI's build job):
 *
 *   npx tsx scripts/sign-release.ts sign --dir dist [--version 1.4.0]
 *     signs each installer in the folder and writes merchant-desk-<version>.signatures.json beside
 *     them, to be uploaded with them. The private key (PKCS#8 PEM) comes from the file named by
 *     MERCHANT_DESK_RELEASE_KEY_FILE, or from MERCHANT_DESK_RELEASE_KEY itself; never an argument.
 *   npx tsx scripts/sign-release.ts keygen --out release-key.pem
 *     makes a new key pair: the private half into that file (owner-only), the public half printed
 *     for src-main/update/release-key.ts.
 */

/** The installers electron-builder makes (build/electron-builder.yml); blockmaps and feeds are not. */
const ARTIFACT = /\.(exe|dmg|zip|AppImage|deb)$/;

/** The public half of a private key (PKCS#8 PEM), in the form release-key.ts holds it. */
export function publicKeyBase64Of(privatePem: string): string {
  const jwk = createPublicKey(createPrivateKey(privatePem)).export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string')
    throw new Error('The release key is not an Ed25519 key.');
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

/** The signature of one artifact: over the message release-signature.ts defines, never other bytes. */
export function signArtifact(privatePem: string, sha512: string, version: string): string {
  const key = createPrivateKey(privatePem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The release key is not an Ed25519 key.');
  return sign(null, signedMessage(sha512, version), key).toString('base64');
}

export async function signReleaseFolder(options: {
  dir: string;
  version: string;
  privatePem: string;
}): Promise<{ file: string; signatures: ReleaseSignatures }> {
  if (!isVersion(options.version)) throw new Error(`"${options.version}" is not a release version.`);
  const names = readdirSync(options.dir)
    .filter((name) => ARTIFACT.test(name))
    .sort();
  if (!names.length)
    throw new Error(`No installer (${ARTIFACT.source}) in ${options.dir}: nothing was signed.`);
  const artifacts = [];
  for (const name of names) {
    const sha512 = await sha512OfFile(join(options.dir, name));
    artifacts.push({
      file: name,
      sha512,
      signature: signArtifact(options.privatePem, sha512, options.version),
    });
  }
  const signatures: ReleaseSignatures = {
    format: 'merchant-desk-release-signatures/1',
    version: options.version,
    artifacts,
  };
  const file = join(options.dir, signaturesFileName(options.version));
  writeFileSync(file, `${JSON.stringify(signatures, null, 2)}\n`);
  return { file, signatures };
}

/** The release key from the environment; refused unless it is the one built into the app. */
export function releaseKeyFromEnv(
  env: NodeJS.ProcessEnv,
  builtIn: string | null = RELEASE_PUBLIC_KEY,
): string {
  const pem = env.MERCHANT_DESK_RELEASE_KEY_FILE
    ? readFileSync(env.MERCHANT_DESK_RELEASE_KEY_FILE, 'utf8')
    : env.MERCHANT_DESK_RELEASE_KEY;
  if (!pem)
    throw new Error('Set MERCHANT_DESK_RELEASE_KEY_FILE (or MERCHANT_DESK_RELEASE_KEY) to the release key.');
  const publicHalf = publicKeyBase64Of(pem);
  if (builtIn === null)
    throw new Error(
      'src-main/update/release-key.ts holds no public key yet: put this key’s public half there and build first, or no desk could check what you sign.',
    );
  if (publicHalf !== builtIn)
    throw new Error(
      `This key’s public half (${publicHalf}) is not the one built into the app (${builtIn}): desks would refuse what it signs. Nothing was signed.`,
    );
  return pem;
}

export function makeKeyPair(out: string): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  writeFileSync(out, pem, { mode: 0o600, flag: 'wx' });
  return publicKeyBase64Of(pem);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { dir: { type: 'string' }, version: { type: 'string' }, out: { type: 'string' } },
  });
  if (command === 'keygen') {
    if (!values.out) throw new Error('keygen needs --out <file> for the private key.');
    console.log(`Private key written to ${values.out} (keep it offline). Public key for release-key.ts:`);
    console.log(makeKeyPair(values.out));
    return;
  }
  if (command !== 'sign' || !values.dir)
    throw new Error('Usage: sign-release.ts sign --dir <folder> [--version x.y.z] | keygen --out <file>');
  const version =
    values.version ?? (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  const { file, signatures } = await signReleaseFolder({
    dir: values.dir,
    version,
    privatePem: releaseKeyFromEnv(process.env),
  });
  for (const artifact of signatures.artifacts) console.log(`signed ${artifact.file}`);
  console.log(`wrote ${file}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
