/**
 * Checks on the characters of an address that hold for every network, known or not. An address is
 * never reshaped here (no trimming, no case folding): what is checked is exactly what would be sent.
 */
import { COPY_AGAIN } from './types';

/** Longer than any blockchain address in use; also bounds the (quadratic) base58 decoding. */
const MAX_ADDRESS_LENGTH = 256;

/** Characters that reorder how text is displayed: the classic trick to make one address look like another. */
const BIDI_NAMES: Record<number, string> = {
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
};

const codePoint = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

const isControl = (cp: number): boolean => cp <= 0x1f || cp === 0x7f;

/**
 * The first character of `text` that is invisible and can change what a person sees or what a
 * system reads (a control character, a line or paragraph separator, a direction mark or override),
 * described for a message ("right-to-left override (U+202E)"); null when there is none. Used by
 * every schema for text a person compares by eye: addresses, order ids, profile names.
 */
export function hiddenCharacterIn(text: string): string | null {
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const bidi = BIDI_NAMES[cp] ?? (cp === 0x061c ? 'Arabic letter mark' : undefined);
    if (bidi !== undefined) return `${bidi} (${codePoint(cp)})`;
    if (isControl(cp) || (cp >= 0x80 && cp <= 0x9f)) return `control character (${codePoint(cp)})`;
    if (cp === 0x2028 || cp === 0x2029) return `line separator (${codePoint(cp)})`;
  }
  return null;
}

/** The first thing wrong with the characters of `address`, in plain words, or null when they are fine. */
export function characterProblem(address: string): string | null {
  if (address.length === 0) return "Enter the recipient's address.";
  // A control or direction character is reported before plain spacing: it is the deliberate attack.
  for (const ch of address) {
    const cp = ch.codePointAt(0) ?? 0;
    const bidi = BIDI_NAMES[cp];
    if (bidi !== undefined)
      return `The address contains a hidden ${bidi} character (${codePoint(cp)}), which changes how the address is displayed. This is a known trick to disguise an address: do not use it. Get the address again from the recipient through a channel you trust.`;
    // Tab, line feed and carriage return are controls too, but a pasted line break is usually innocent:
    // they fall through to the plainer spacing message below.
    if (isControl(cp) && !/\s/.test(ch))
      return `The address contains an invisible control character (${codePoint(cp)}). Get the address again from the recipient through a channel you trust.`;
  }
  if (/^\s|\s$/.test(address))
    return 'The address starts or ends with a space or line break. Remove it: the desk sends an address exactly as written.';
  if (/\s/.test(address))
    return 'The address contains a space or line break. Addresses never do: copy it again from its source in one piece.';
  for (const ch of address) {
    const cp = ch.codePointAt(0) ?? 0;
    // Every address format the desk knows is plain ASCII; anything else is a look-alike letter or an
    // invisible character (zero-width space, Cyrillic "а" standing in for Latin "a").
    if (cp > 0x7e)
      return `The address contains "${ch}" (${codePoint(cp)}), which is not a plain letter or digit even if it looks like one. ${COPY_AGAIN}`;
  }
  if (address.length > MAX_ADDRESS_LENGTH)
    return `The address is ${address.length} characters long, longer than any blockchain address. Copy only the address.`;
  return null;
}

/**
 * The address in groups of four characters, for the review step: a person compares short groups far
 * more reliably than one long string. The last group may be shorter.
 */
export function groupAddress(address: string): string[] {
  const chars = Array.from(address);
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += 4) groups.push(chars.slice(i, i + 4).join(''));
  return groups;
}

/** Characters at each end a person checks and types to confirm (the review shows them in bold). */
export const ADDRESS_END_LENGTH = 6;

/**
 * The address's first and last ADDRESS_END_LENGTH characters (whole characters, never half a pair):
 * both ends, since an address made to share only its end with the right one passes a check of the end.
 */
export function addressEnds(address: string): { start: string; end: string } {
  const chars = Array.from(address);
  return {
    start: chars.slice(0, ADDRESS_END_LENGTH).join(''),
    end: chars.slice(-ADDRESS_END_LENGTH).join(''),
  };
}
