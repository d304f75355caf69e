import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The side file of held answers settles `sending` rows when the journal opens, so it is evidence a
 * writable data folder could otherwise forge: a planted answer could mark a withdrawal that left as
 * rejected, and the duplicate guard would then let it be sent again (issue 26 item 4). The answers are
 * therefore kept as text with an HMAC over it, keyed with the journal's chain key (which lives in the
 * keychain, not in the data folder): a file nobody with that key wrote is refused.
 */
const SealedFile = z.object({
  version: z.literal(2),
  /** The answers as JSON text: the MAC covers these exact characters, so no re-encoding can differ. */
  content: z.string(),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Kept apart from every other use of the chain key (the chain's own hashes, a fresh start's anchor). */
const DOMAIN = 'merchant-desk held answers v2\n';

const macOf = (key: Buffer, content: string) =>
  createHmac('sha256', key).update(DOMAIN).update(content).digest();

/** The file's text for `content`, sealed with `key`. */
export function sealHeldAnswers(key: Buffer, content: string): string {
  return JSON.stringify({ version: 2, content, mac: macOf(key, content).toString('hex') });
}

/**
 * What a side file's text says, once it is known who wrote it: `sealed` with the content this desk's
 * key sealed; `refused` when it is JSON but not sealed with this key (planted, edited, or written by a
 * version before sealing); `unreadable` when it is not even that.
 */
export type OpenedSeal =
  | { kind: 'sealed'; content: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'unreadable'; reason: string };

export function openHeldAnswers(key: Buffer, text: string): OpenedSeal {
  let outer: unknown;
  try {
    outer = JSON.parse(text);
  } catch (error) {
    return { kind: 'unreadable', reason: String(error) };
  }
  const parsed = SealedFile.safeParse(outer);
  if (!parsed.success) return { kind: 'refused', reason: 'it carries no seal of this desk' };
  const mac = Buffer.from(parsed.data.mac, 'hex');
  if (!timingSafeEqual(mac, macOf(key, parsed.data.content)))
    return { kind: 'refused', reason: "its seal does not match this desk's journal key" };
  return { kind: 'sealed', content: parsed.data.content };
}
