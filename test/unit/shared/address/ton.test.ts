import { base64, hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { checkAddress } from '@shared/domain/address';
import { crc16Xmodem } from '@shared/domain/address/crc16';
import { PRINTABLE, substitute, tonFriendly } from './builders';

// TON documentation, "Address formats" (docs.ton.org/v3/documentation/smart-contracts/addresses/
// address-formats) and the TON Cookbook: one basechain account in its raw form and its four
// user-friendly forms, plus the standard-base64 spelling of the bounceable one.
const RAW = '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e';
const BOUNCEABLE = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';
const BOUNCEABLE_STANDARD = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff+W72r5gqPrHF';
const NON_BOUNCEABLE = 'UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA';
const TESTNET_BOUNCEABLE = 'kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP';
const TESTNET_NON_BOUNCEABLE = '0QDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPleK';

// TON documentation, "Smart contract addresses" (the "test giver" example): a masterchain raw address
// and its test-only bounceable form in base64 and base64url.
const GIVER_RAW = '-1:fcb91a3a3816d0f7b8c2c76108b8a9bc5a6b7a55bd79f8ab101c52db29232260';
const GIVER_TESTNET = 'kf/8uRo6OBbQ97jCx2EIuKm8Wmt6Vb15+KsQHFLbKSMiYIny';
const GIVER_TESTNET_URL = 'kf_8uRo6OBbQ97jCx2EIuKm8Wmt6Vb15-KsQHFLbKSMiYIny';

describe('the CRC16 behind TON addresses', () => {
  it('has the catalogued CRC-16/XMODEM check value 0x31C3 for "123456789"', () => {
    expect(crc16Xmodem(new TextEncoder().encode('123456789'))).toBe(0x31c3);
  });

  it('matches the armored Ed25519 public key example of the "Address formats" page', () => {
    // Tags 0x3E 0xE6, the key E39ECDA0…B5477D, then the CRC of those 34 bytes.
    const bytes = base64.decode('Pubjns2gp7DGCnEH7EOWeCnb6Lw1akm538YYaz6sdLVHfRB2');
    expect(hex.encode(bytes.subarray(0, 34))).toBe(
      '3ee6e39ecda0a7b0c60a7107ec43967829dbe8bc356a49b9dfc6186b3eac74b5477d',
    );
    expect(crc16Xmodem(bytes.subarray(0, 34))).toBe((bytes[34]! << 8) | bytes[35]!);
  });

  it('lets the test builder reproduce every documented form from the raw account', () => {
    const account = hex.decode(RAW.slice(2));
    expect(tonFriendly(0x11, 0, account)).toBe(BOUNCEABLE);
    expect(tonFriendly(0x11, 0, account, false)).toBe(BOUNCEABLE_STANDARD);
    expect(tonFriendly(0x51, 0, account)).toBe(NON_BOUNCEABLE);
    expect(tonFriendly(0x91, 0, account)).toBe(TESTNET_BOUNCEABLE);
    expect(tonFriendly(0xd1, 0, account)).toBe(TESTNET_NON_BOUNCEABLE);
    const giver = hex.decode(GIVER_RAW.slice(3));
    expect(tonFriendly(0x91, -1, giver, false)).toBe(GIVER_TESTNET);
    expect(tonFriendly(0x91, -1, giver)).toBe(GIVER_TESTNET_URL);
  });
});

describe('TON addresses', () => {
  it.each([BOUNCEABLE, BOUNCEABLE_STANDARD])('accepts the bounceable form %s, saying so', (address) => {
    const result = checkAddress('ton', address);
    expect(result).toMatchObject({ status: 'valid', format: 'ton-friendly', warnings: [] });
    expect(result.status === 'valid' && result.notes.join(' ')).toMatch(/^Bounceable/);
  });

  it('accepts the non-bounceable form of the same account, saying so', () => {
    const result = checkAddress('ton', NON_BOUNCEABLE);
    expect(result).toMatchObject({ status: 'valid', format: 'ton-friendly' });
    expect(result.status === 'valid' && result.notes.join(' ')).toMatch(/^Non-bounceable/);
  });

  it.each([TESTNET_BOUNCEABLE, TESTNET_NON_BOUNCEABLE, GIVER_TESTNET, GIVER_TESTNET_URL])(
    'refuses the test-only form %s on the live network',
    (address) => {
      const result = checkAddress('ton', address);
      expect(result.status === 'invalid' && result.reason).toMatch(/test-network address/);
    },
  );

  it('refuses a corrupted CRC (last character changed) by its checksum', () => {
    expect(checkAddress('ton', substitute(BOUNCEABLE, 47, 'G'))).toEqual({
      status: 'invalid',
      reason: expect.stringMatching(/^The checksum does not match/),
    });
  });

  // The one exception: "-" and "+" (or "_" and "/") are the same digit in base64url and base64, so
  // swapping the only such character re-spells the same address in the other alphabet. That is not a
  // typo that sends money elsewhere, and the test checks that it decodes to the same account.
  it('no single-character substitution of the documented forms is valid, except a re-spelling of the same address', () => {
    const urlSafe = (text: string) => text.replaceAll('+', '-').replaceAll('/', '_');
    for (const address of [BOUNCEABLE, BOUNCEABLE_STANDARD, NON_BOUNCEABLE])
      for (let i = 0; i < address.length; i++)
        for (const ch of PRINTABLE) {
          if (ch === address.charAt(i)) continue;
          const typo = substitute(address, i, ch);
          if (checkAddress('ton', typo).status === 'valid') expect(urlSafe(typo)).toBe(urlSafe(address));
        }
  });

  it('accepts the raw form with a warning that it has no checksum', () => {
    const result = checkAddress('ton', RAW);
    expect(result).toMatchObject({ status: 'valid', format: 'ton-raw' });
    expect(result.status === 'valid' && result.warnings.join(' ')).toMatch(/no checksum/);
  });

  it('accepts a masterchain address with a warning that wallets do not live there', () => {
    const mainnet = tonFriendly(0x11, -1, hex.decode(GIVER_RAW.slice(3)));
    for (const address of [mainnet, GIVER_RAW]) {
      const result = checkAddress('ton', address);
      expect(result.status === 'valid' && result.warnings.join(' ')).toMatch(/masterchain/);
    }
  });

  it('refuses a workchain other than 0 and -1, and an unknown flag byte', () => {
    const account = hex.decode(RAW.slice(2));
    expect(checkAddress('ton', tonFriendly(0x11, 1, account))).toMatchObject({ status: 'invalid' });
    expect(checkAddress('ton', tonFriendly(0x12, 0, account))).toMatchObject({ status: 'invalid' });
    expect(checkAddress('ton', `1:${RAW.slice(2)}`)).toMatchObject({ status: 'invalid' });
  });

  it.each([
    [BOUNCEABLE.slice(0, 47), /47 characters long/],
    [substitute(BOUNCEABLE, 10, '+'), /mixes "\+" or "\/" with "-" or "_"/],
    [`${BOUNCEABLE.slice(0, 47)}=`, /contains "="/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /an EVM \(Ethereum-style\) address/],
  ])('explains what is wrong with %s', (address, reason) => {
    const result = checkAddress('ton', address);
    expect(result.status === 'invalid' && result.reason).toMatch(reason);
  });
});
