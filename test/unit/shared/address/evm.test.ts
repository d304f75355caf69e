import { describe, expect, it } from 'vitest';
import { checkAddress } from '@shared/domain/address';
import { eip55 } from '@shared/domain/address/evm';
import { PRINTABLE, substitute } from './builders';

// EIP-55 (now ERC-55, ethereum/ERCs ERCS/erc-55.md), "Test Cases": all caps, all lower and normal.
// The first four are addresses whose checksum spelling happens to be one case only.
const EIP55_VECTORS = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const MIXED = EIP55_VECTORS.slice(4);

describe('EVM addresses (EIP-55)', () => {
  it.each(EIP55_VECTORS)('the checksum function reproduces the EIP-55 vector %s', (address) => {
    expect(`0x${eip55(address.slice(2))}`).toBe(address);
  });

  it.each(['eth', 'bsc', 'polygon', 'arbitrum', 'ETH'])('accepts every vector on %s', (network) => {
    for (const address of EIP55_VECTORS)
      expect(checkAddress(network, address)).toMatchObject({ status: 'valid', format: 'eip55' });
  });

  it.each(MIXED)('refuses %s with the case of one letter flipped', (address) => {
    const i = address.search(/[a-fA-F]/);
    const ch = address.charAt(i);
    const flipped = substitute(address, i, ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase());
    expect(checkAddress('eth', flipped)).toEqual({
      status: 'invalid',
      reason: expect.stringMatching(/do not match this address's checksum \(EIP-55\)/),
    });
  });

  it('accepts an all-lowercase address that is not its checksum spelling, warning that nothing was verified', () => {
    const lower = MIXED[0]!.toLowerCase();
    const result = checkAddress('eth', lower);
    expect(result).toMatchObject({ status: 'valid', format: 'hex' });
    expect(result.status === 'valid' && result.warnings.join(' ')).toMatch(/cannot be detected/);
  });

  it('accepts the all-capitals spelling too (0x stays small), with the same warning', () => {
    const upper = `0x${MIXED[1]!.slice(2).toUpperCase()}`;
    expect(checkAddress('bsc', upper)).toMatchObject({ status: 'valid', format: 'hex' });
  });

  it('does not call an address with no letters "verified": there is no case to carry a checksum', () => {
    expect(checkAddress('eth', `0x${'12'.repeat(20)}`)).toMatchObject({ status: 'valid', format: 'hex' });
  });

  it('refuses the zero address, to which coins are destroyed', () => {
    const result = checkAddress('eth', `0x${'0'.repeat(40)}`);
    expect(result.status === 'invalid' && result.reason).toMatch(/zero address/);
  });

  it.each([
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /starts with "0x"/],
    ['0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /starts with "0x"/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', /39 characters after "0x"/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd', /41 characters after "0x"/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', /contains "g"/],
  ])('explains what is wrong with %s', (address, reason) => {
    const result = checkAddress('eth', address);
    expect(result.status === 'invalid' && result.reason).toMatch(reason);
  });

  // Every single-character substitution of every mixed-case vector, exhaustively (22 hex spellings and
  // the rest of printable ASCII at all 40 positions). EIP-55 itself says a random mistyped address
  // passes with probability 0.0247%, so this is a deterministic check on the published vectors rather
  // than a random property; case-only flips are covered for random addresses in properties.test.ts.
  it.each(MIXED)('no single-character substitution of %s is reported valid', (address) => {
    const passing: string[] = [];
    for (let i = 0; i < address.length; i++)
      for (const ch of PRINTABLE) {
        if (ch === address.charAt(i)) continue;
        const typo = substitute(address, i, ch);
        if (checkAddress('eth', typo).status === 'valid') passing.push(typo);
      }
    expect(passing).toEqual([]);
  });
});
