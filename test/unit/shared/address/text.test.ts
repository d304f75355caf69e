import { describe, expect, it } from 'vitest';
import { addressEnds, checkAddress, groupAddress } from '@shared/domain/address';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // EIP-55 test case
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'; // USDT TRC-20 contract

const reasonOf = (network: string, address: string): string => {
  const result = checkAddress(network, address);
  if (result.status !== 'invalid') throw new Error(`expected invalid, got ${result.status}`);
  return result.reason;
};

describe('characters refused on every network, known or not', () => {
  it.each([
    ['a leading space', ` ${EVM}`],
    ['a trailing line feed', `${EVM}\n`],
    ['a trailing carriage return and line feed', `${EVM}\r\n`],
    ['a leading tab', `\t${EVM}`],
    ['a trailing no-break space', `${EVM}\u00a0`],
  ])('refuses %s around the address', (_label, address) => {
    expect(reasonOf('eth', address)).toMatch(/starts or ends with a space or line break/);
  });

  it('refuses a space inside the address', () => {
    expect(reasonOf('tron', `${TRON.slice(0, 10)} ${TRON.slice(10)}`)).toMatch(/contains a space/);
  });

  // U+202E RIGHT-TO-LEFT OVERRIDE and the rest of the bidirectional controls (Unicode UAX #9), the
  // "Trojan Source" family (CVE-2021-42574): they make text display in another order than it is.
  it.each(['200E', '200F', '202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069'])(
    'refuses the direction control U+%s anywhere, naming it',
    (code) => {
      const ch = String.fromCodePoint(parseInt(code, 16));
      for (const address of [`${ch}${TRON}`, `${TRON.slice(0, 5)}${ch}${TRON.slice(5)}`, `${TRON}${ch}`]) {
        const reason = reasonOf('tron', address);
        expect(reason).toContain(`U+${code}`);
        expect(reason).toMatch(/known trick to disguise an address/);
      }
    },
  );

  it('refuses a reversed address: the override is caught even where the display would hide it', () => {
    // What a spoofer pastes: the override makes the tail display backwards.
    const spoof = `${EVM.slice(0, 30)}\u202e${Array.from(EVM.slice(30)).reverse().join('')}`;
    expect(reasonOf('eth', spoof)).toMatch(/right-to-left override/);
  });

  it.each(['0000', '0001', '0007', '001B', '001F', '007F'])('refuses the control character U+%s', (code) => {
    const address = `${TRON.slice(0, 5)}${String.fromCharCode(parseInt(code, 16))}${TRON.slice(5)}`;
    expect(reasonOf('tron', address)).toMatch(new RegExp(`invisible control character \\(U\\+${code}\\)`));
  });

  it.each([
    ['a zero-width space', '\u200b', 'U+200B'],
    ['a Cyrillic "а" looking like a Latin "a"', '\u0430', 'U+0430'],
    ['a full-width digit', '\uff11', 'U+FF11'],
  ])('refuses %s, which no address format contains', (_label, ch, code) => {
    expect(reasonOf('eth', `${EVM.slice(0, 12)}${ch}${EVM.slice(13)}`)).toContain(code);
  });

  it('refuses an empty address and an absurdly long one', () => {
    expect(reasonOf('eth', '')).toMatch(/Enter the recipient's address/);
    expect(reasonOf('eth', 'a'.repeat(300))).toMatch(/longer than any blockchain address/);
  });

  it('applies these checks to networks it does not know as well', () => {
    expect(reasonOf('solana', `\u202e${TRON}`)).toMatch(/right-to-left override/);
    expect(reasonOf('solana', `${TRON} `)).toMatch(/space or line break/);
  });
});

describe('networks', () => {
  it.each(['solana', 'avax', 'litecoin', 'constructor', '__proto__', ''])(
    'leaves an address on the unknown network "%s" unchecked, with a warning, not a block',
    (network) => {
      const result = checkAddress(network, 'So11111111111111111111111111111111111111112');
      expect(result).toEqual({
        status: 'unchecked',
        reason: expect.stringMatching(/cannot check this address/),
      });
    },
  );

  it('matches network codes whatever their case (the catalog spells them in capitals)', () => {
    expect(checkAddress('TRON', TRON)).toMatchObject({ status: 'valid' });
    expect(checkAddress('Bitcoin', '3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX')).toMatchObject({ status: 'valid' });
  });

  it('says when a good address is for another network family', () => {
    expect(reasonOf('bitcoin', EVM)).toMatch(
      /an EVM \(Ethereum-style\) address, but the network chosen is Bitcoin/,
    );
    expect(reasonOf('polygon', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatch(
      /a Bitcoin address, but the network chosen is Polygon/,
    );
    expect(reasonOf('tron', 'UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA')).toMatch(
      /a TON address, but the network chosen is Tron/,
    );
  });
});

describe('groupAddress', () => {
  it('splits into groups of four, the last one shorter', () => {
    expect(groupAddress(TRON)).toEqual([
      'TR7N',
      'Hqje',
      'KQxG',
      'TCi8',
      'q8ZY',
      '4pL8',
      'otSz',
      'gjLj',
      '6t',
    ]);
    expect(groupAddress(TRON).join('')).toBe(TRON);
  });

  it('returns nothing for an empty address and keeps a character outside the BMP whole', () => {
    expect(groupAddress('')).toEqual([]);
    expect(groupAddress('abc\u{1f600}de')).toEqual(['abc\u{1f600}', 'de']);
  });
});

describe('addressEnds', () => {
  it('gives the first and last six characters, counting whole characters', () => {
    expect(addressEnds(TRON)).toEqual({ start: 'TR7NHq', end: 'gjLj6t' });
    expect(addressEnds('ab😀cdefghi😀')).toEqual({ start: 'ab😀cde', end: 'efghi😀' });
  });
});
