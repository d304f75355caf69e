import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost for a new hash: about 32 MiB and a tenth of a second per try, run on libuv's pool so
 * main's loop stays free. A stored hash carries its own cost, so a later, stronger one still verifies
 * older hashes; a cost above MAX_COST is refused (a keychain entry must not make main spend minutes).
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const MAX_COST = 2 ** 20;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const PREFIX = 'scrypt-v1';

function derive(passphrase: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new hash with a random salt, as one printable line: `scrypt-v1.N.r.p.salt.hash` (base64url). */
export async function hashPassphrase(passphrase: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(passphrase, salt, COST);
  return [PREFIX, COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('.');
}

function parse(stored: string) {
  const [prefix, n, r, p, salt, key, ...rest] = stored.split('.');
  if (prefix !== PREFIX || rest.length > 0 || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(cost.N) &&
    cost.N > 1 &&
    cost.N <= MAX_COST &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= 4;
  if (!sane) return null;
  const expected = Buffer.from(key, 'base64url');
  return expected.length === KEY_LENGTH ? { cost, salt: Buffer.from(salt, 'base64url'), expected } : null;
}

/** Whether a stored hash is one this desk can check (anything else counts as no passphrase set). */
export const isPassphraseHash = (stored: string): boolean => parse(stored) !== null;

/**
 * Whether `passphrase` is the one behind `stored`. The derived keys are compared in constant time, so
 * how long a wrong guess takes says nothing about how close it was.
 */
export async function verifyPassphrase(passphrase: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(passphrase, parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.expected);
}
