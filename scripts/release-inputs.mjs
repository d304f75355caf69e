// What a build of Merchant Desk needs before it may update itself (issue 30, docs/adr/0009): the public
// half of the release key and the update server's address. Both are committed, public, and reviewed
// like code; neither has a stand-in:
//   build/release-key.pub   one line, the raw 32-byte Ed25519 public key in base64
//                           (`npx tsx scripts/sign-release.ts keygen` writes it)
//   build/update-feed.txt   one line, the https folder the installers and latest*.yml are uploaded to
// electron.vite.config.ts builds them into main; a build without them has updates off and says so.
//
// `node scripts/release-inputs.mjs --require` (the release workflow's preflight, on a tag) exits 1
// with the reason when either is missing or malformed; plain node, no dependency.
import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const KEY_FILE = 'build/release-key.pub';
export const FEED_FILE = 'build/update-feed.txt';

/** Host names reserved for examples and tests (RFC 2606, RFC 6761): never a real update server. */
const RESERVED_HOST = /(^|\.)(example|invalid|test|localhost)$|^example\.(com|net|org)$/i;

function readLine(root, file) {
  const path = join(root, file);
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8').trim();
  return text === '' ? null : text;
}

/** The key as release-key.ts holds it, or throws saying why it is not one. */
export function checkPublicKey(raw) {
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32)
    throw new Error(`${KEY_FILE} must hold one Ed25519 public key: 32 bytes in base64 (44 characters).`);
  // Also a point on the curve, or no signature could ever verify against it.
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: bytes.toString('base64url') }, format: 'jwk' });
  return raw;
}

/** The feed as main and electron-updater use it, or throws saying why it is not one. */
export function checkFeedUrl(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${FEED_FILE} must hold the update server's address (https://…/), not "${raw}".`);
  }
  if (url.protocol !== 'https:')
    throw new Error(`${FEED_FILE}: the update server is reached over https only, not ${url.protocol}`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(`${FEED_FILE}: the address carries no credentials, query or fragment.`);
  if (RESERVED_HOST.test(url.hostname))
    throw new Error(`${FEED_FILE}: ${url.hostname} is a placeholder name, not an update server.`);
  if (!url.pathname.endsWith('/')) throw new Error(`${FEED_FILE}: the address is a folder and ends in "/".`);
  return url.href;
}

/**
 * The build's release inputs from a checkout: `{ publicKey, feedUrl, missing }`, each null when its
 * file is absent or empty (and named in `missing`). A file that is there but wrong throws: a build
 * must not quietly lose its key.
 */
export function readReleaseInputs(root = ROOT) {
  const key = readLine(root, KEY_FILE);
  const feed = readLine(root, FEED_FILE);
  const missing = [];
  if (key === null) missing.push(`${KEY_FILE} (the release key's public half)`);
  if (feed === null) missing.push(`${FEED_FILE} (the update server's address)`);
  return {
    publicKey: key === null ? null : checkPublicKey(key),
    feedUrl: feed === null ? null : checkFeedUrl(feed),
    missing,
  };
}

/** What electron-vite defines in main's bundle (release-key.ts and feed.ts read them). */
export function releaseDefines(inputs) {
  return {
    __MD_RELEASE_PUBLIC_KEY__: JSON.stringify(inputs.publicKey),
    __MD_UPDATE_FEED_URL__: JSON.stringify(inputs.feedUrl),
  };
}

/** The preflight's answer: null when a release may be built, or why it may not. */
export function whyNoRelease(root = ROOT) {
  let inputs;
  try {
    inputs = readReleaseInputs(root);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (!inputs.missing.length) return null;
  return `A release build updates itself only with its release key and update server, and these are not committed: ${inputs.missing.join('; ')}. Without them every desk would have updates off. See docs/guide/updates.md, "For the release owner".`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== '--require') {
    console.error('Usage: node scripts/release-inputs.mjs --require');
    process.exit(2);
  }
  const why = whyNoRelease();
  if (why) {
    console.error(why);
    process.exit(1);
  }
  const { publicKey, feedUrl } = readReleaseInputs();
  console.log(`Release key ${publicKey}; update server ${feedUrl}`);
}
