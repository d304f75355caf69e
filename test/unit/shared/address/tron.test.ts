import { describe, expect, it } from 'vitest';
import { checkAddress } from '@shared/domain/address';
import { decodeBase58check } from '@shared/domain/address/base58';
import { hex } from '@scure/base';
import { base58, PRINTABLE, substitute } from './builders';

// Tether's USDT TRC-20 contract (published by Tether and on Tronscan) and the example account of
// TRON's developer documentation (developers.tron.network, "Account": base58 and hex forms).
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DOCS_ACCOUNT = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const DOCS_ACCOUNT_HEX = '418840E6C55B9ADA326D211D818C34A994AECED808';

describe('Tron addresses (base58check, version 0x41)', () => {
  it.each([USDT_CONTRACT, DOCS_ACCOUNT])('accepts %s', (address) => {
    expect(checkAddress('tron', address)).toMatchObject({ status: 'valid', format: 'base58check' });
  });

  it('decodes the documented account to its documented hex form', () => {
    expect(hex.encode(decodeBase58check(DOCS_ACCOUNT)!).toUpperCase()).toBe(DOCS_ACCOUNT_HEX);
  });

  it('refuses the USDT contract address with one character changed, by its checksum', () => {
    expect(checkAddress('tron', substitute(USDT_CONTRACT, 10, 'y'))).toEqual({
      status: 'invalid',
      reason: expect.stringMatching(/^The checksum does not match/),
    });
  });

  it('no single-character substitution of the published addresses is reported valid', () => {
    for (const address of [USDT_CONTRACT, DOCS_ACCOUNT])
      for (let i = 0; i < address.length; i++)
        for (const ch of PRINTABLE) {
          if (ch === address.charAt(i)) continue;
          expect(checkAddress('tron', substitute(address, i, ch)).status).toBe('invalid');
        }
  });

  it('refuses a well-formed base58check address starting with T whose version byte is not 0x41', () => {
    const other = base58(0x42, new Uint8Array(20).fill(0x77));
    expect(other).toMatch(/^T.{33}$/);
    const result = checkAddress('tron', other);
    expect(result.status === 'invalid' && result.reason).toMatch(/not a Tron address/);
  });

  it("refuses Tron's black-hole address T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb (the all-zero account)", () => {
    const result = checkAddress('tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(result.status === 'invalid' && result.reason).toMatch(/black-hole/);
  });

  it.each([
    [DOCS_ACCOUNT_HEX, /hexadecimal form/],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', /a Bitcoin address, but the network chosen is Tron/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /an EVM \(Ethereum-style\) address/],
    [USDT_CONTRACT.slice(0, 33), /33 characters long/],
    [`${USDT_CONTRACT.slice(0, 33)}0`, /contains "0"/],
  ])('explains what is wrong with %s', (address, reason) => {
    const result = checkAddress('tron', address);
    expect(result.status === 'invalid' && result.reason).toMatch(reason);
  });

  it('says a Tron address given for an EVM network is on the wrong network', () => {
    const result = checkAddress('eth', USDT_CONTRACT);
    expect(result.status === 'invalid' && result.reason).toMatch(
      /a Tron address, but the network chosen is Ethereum/,
    );
  });
});
