import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  sha512OfFile,
  signaturesFileName,
  signedMessage,
  type ReleaseSignatures,
} from '../src-main/update/release-signature';
import { KEY_FILE, readReleaseInputs } from './release-inputs.mjs';
import { isVersion } from '../src-main/update/version';

/**
 * Merchant Desk's release signing tool (issue 30 item 2), run by the release owner on the built
 * installers, on a machine that holds the release key (never CI's build job):
 *
 *   npx tsx scripts/sign-release.ts sign --dir dist [--version 1.4.0] [--desks-key <base64>]
 *     signs each installer in the folder and writes merchant-desk-<version>.signatures.json beside
 *     them, to be uploaded with them. The private key (PKCS#8 PEM) comes from the file named by
 *     MERCHANT_DESK_RELEASE_KEY_FILE, or from MERCHANT_DESK_RELEASE_KEY itself; never an argument.
 *     It must be the key the installed desks check with: build/release-key.pub, or, for the release
 *     that changes the key, the previous public key given as --desks-key.
 *   npx tsx scripts/sign-release.ts keygen --out ~/offline/release-key.pem [--public build/release-key.pub]
 *     makes a new key pair: the private half into that file (owner-only, never inside this
 *     repository), the public half into build/release-key.pub, which the build reads
 *     (scripts/release-inputs.mjs) and which is committed like code.
 */

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

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

/** The release key from the environment; refused unless it is the one the app is built with. */
export function releaseKeyFromEnv(
  env: NodeJS.ProcessEnv,
  builtIn: string | null = readReleaseInputs().publicKey,
): string {
  const pem = env.MERCHANT_DESK_RELEASE_KEY_FILE
    ? readFileSync(env.MERCHANT_DESK_RELEASE_KEY_FILE, 'utf8')
    : env.MERCHANT_DESK_RELEASE_KEY;
  if (!pem)
    throw new Error('Set MERCHANT_DESK_RELEASE_KEY_FILE (or MERCHANT_DESK_RELEASE_KEY) to the release key.');
  const publicHalf = publicKeyBase64Of(pem);
  if (builtIn === null)
    throw new Error(
      `${KEY_FILE} holds no public key yet: commit this key’s public half there and build first, or no desk could check what you sign.`,
    );
  if (publicHalf !== builtIn)
    throw new Error(
      `This key’s public half (${publicHalf}) is not the one built into the app (${builtIn}): desks would refuse what it signs. Nothing was signed.`,
    );
  return pem;
}

/**
 * A new release key pair: the private half into `privateOut` (owner-only; refused inside the
 * repository, where a commit could carry it off), the public half into `publicOut` for the build.
 * Neither file is overwritten: replacing the key is a release of its own (docs/adr/0009).
 */
export function makeKeyPair(privateOut: string, publicOut: string, repository = ROOT): string {
  const path = relative(repository, resolve(privateOut));
  const outside = path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path);
  if (!outside)
    throw new Error(
      `The private key must be kept outside the repository (${repository}), not at ${privateOut}. Nothing was written.`,
    );
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const publicKey = publicKeyBase64Of(pem);
  // The public half first: if it is already there, no orphan private key is left behind.
  writeFileSync(publicOut, `${publicKey}\n`, { flag: 'wx' });
  writeFileSync(privateOut, pem, { mode: 0o600, flag: 'wx' });
  return publicKey;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      dir: { type: 'string' },
      version: { type: 'string' },
      out: { type: 'string' },
      public: { type: 'string' },
      'desks-key': { type: 'string' },
    },
  });
  if (command === 'keygen') {
    if (!values.out)
      throw new Error('keygen needs --out <file> for the private key (outside the repository).');
    const publicOut = values.public ?? join(ROOT, KEY_FILE);
    const publicKey = makeKeyPair(values.out, publicOut);
    console.log(`Private key written to ${values.out}: keep it offline, never in the repository or CI.`);
    console.log(`Public key written to ${publicOut} (commit it; the build reads it):\n${publicKey}`);
    return;
  }
  if (command !== 'sign' || !values.dir)
    throw new Error(
      'Usage: sign-release.ts sign --dir <folder> [--version x.y.z] | keygen --out <file> [--public <file>]',
    );
  const version =
    values.version ?? (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  const { file, signatures } = await signReleaseFolder({
    dir: values.dir,
    version,
    privatePem: releaseKeyFromEnv(process.env, values['desks-key'] ?? readReleaseInputs().publicKey),
  });
  for (const artifact of signatures.artifacts) console.log(`signed ${artifact.file}`);
  console.log(`wrote ${file}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
