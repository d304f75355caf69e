import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { checkAddress } from '@shared/domain/address';

const check = (address: string) => checkAddress('bitcoin', address);

describe('Bitcoin native SegWit addresses (BIP-173 as amended by BIP-350)', () => {
  // BIP-350, "Test vectors for v0-v16 native segregated witness addresses", the mainnet (bc) entries
  // that a wallet can receive at: v0 P2WPKH and v1 Taproot.
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bech32'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bech32m'],
  ])('accepts the BIP-350 valid vector %s', (address, format) => {
    expect(check(address)).toMatchObject({ status: 'valid', format });
  });

  // BOLT #11 (lightning/bolts 11-payment-encoding.md), the fallback-address examples: P2WPKH, P2WSH
  // (62 characters) and P2TR.
  it.each([
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bech32', 'P2WPKH'],
    ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'bech32', 'P2WSH'],
    ['bc1pptdvg0d2nj99568qn6ssdy4cygnwuxgw2ukmnwgwz7jpqjz2kszse2s3lm', 'bech32m', 'Taproot'],
  ])('accepts the BOLT #11 example %s', (address, format, kind) => {
    const result = check(address);
    expect(result).toMatchObject({ status: 'valid', format });
    expect(result.status === 'valid' && result.notes.join(' ')).toContain(kind);
  });

  it('notes that an all-capitals address (allowed by BIP-173) is written in capitals', () => {
    const result = check('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4');
    expect(result.status === 'valid' && result.notes.join(' ')).toMatch(/capitals/);
  });

  // BIP-350, the invalid segwit address list, every entry (test-network ones included: on `bitcoin`
  // they must fail too), with the reason BIP-350 gives in the comment.
  it.each([
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', /starts with bc1/], // invalid HRP
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', /old kind \(bech32\)/], // bech32 for v1
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', /test-network/], // bech32 for v2
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', /old kind \(bech32\)/], // bech32 for v16
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', /new kind \(bech32m\)/], // bech32m for v0
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', /test-network/], // bech32m for v0
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', /contains "o"/], // bad checksum char
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', /malformed/], // witness version 17
    ['bc1pw5dgrnzv', /characters long/], // 1-byte program
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', /malformed/], // 41 bytes
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', /wrong length/], // v0 program of 16 bytes
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', /test-network/], // mixed case
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', /malformed/], // >4 bits of padding
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', /test-network/], // non-zero padding
    ['bc1gmk9yu', /characters long/], // empty data section
  ])('refuses the BIP-350 invalid vector %s', (address, reason) => {
    const result = check(address);
    expect(result.status).toBe('invalid');
    expect(result.status === 'invalid' && result.reason).toMatch(reason);
  });

  // BIP-173, the invalid segwit address list (mainnet and test-network entries alike).
  it.each([
    'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
    'bc1rw5uspcuh',
    'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
    'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
    'bc1gmk9yu',
  ])('refuses the BIP-173 invalid vector %s', (address) => {
    expect(check(address).status).toBe('invalid');
  });

  it('names the checksum for a one-character mistake (BIP-173 "Invalid checksum" vector)', () => {
    expect(check('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toEqual({
      status: 'invalid',
      reason: expect.stringMatching(/^The checksum does not match/),
    });
  });

  it('refuses mixed case on a mainnet address, saying why', () => {
    const result = check('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4');
    expect(result.status === 'invalid' && result.reason).toMatch(/mixes capital and small letters/);
  });

  it("refuses BIP-173's own v1 example, made invalid by BIP-350 (bech32 checksum on v1)", () => {
    const result = check('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx');
    expect(result.status === 'invalid' && result.reason).toMatch(/old kind \(bech32\)/);
  });

  // BIP-350 lists these as valid and asks senders to accept them for forward compatibility. The desk
  // deliberately refuses them (no wallet receives at these versions today, so coins would be lost):
  // the reason proves the checksum passed and only the version was refused.
  it.each([
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'BC1SW50QGDZ25J',
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
  ])('refuses the BIP-350 future-version vector %s by policy, not by checksum', (address) => {
    const result = check(address);
    expect(result.status === 'invalid' && result.reason).toMatch(/no wallet uses today/);
  });

  it.each([
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', // BIP-173/350 valid, testnet
    'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', // BIP-350 valid, testnet
    // The BIP-173 P2WPKH program under the regtest prefix; its checksum is genuine (asserted below).
    'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  ])('refuses the test-network address %s on bitcoin', (address) => {
    expect(bech32.decodeUnsafe(address) ?? bech32m.decodeUnsafe(address)).toBeTruthy();
    const result = check(address);
    expect(result.status === 'invalid' && result.reason).toMatch(/test-network/);
  });
});

describe('the bech32 library agrees with the BIP checksum vectors', () => {
  // BIP-173 "valid Bech32" and BIP-350 "valid Bech32m" strings: each is valid in its own encoding
  // only ("no string can be simultaneously valid Bech32 and Bech32m").
  it.each(['A12UEL5L', 'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw', '?1ezyfcl'])(
    'BIP-173 %s is bech32, not bech32m',
    (text) => {
      expect(bech32.decodeUnsafe(text)).toBeTruthy();
      expect(bech32m.decodeUnsafe(text)).toBeUndefined();
    },
  );
  it.each(['A1LQFN3A', 'abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx', '?1v759aa'])(
    'BIP-350 %s is bech32m, not bech32',
    (text) => {
      expect(bech32m.decodeUnsafe(text)).toBeTruthy();
      expect(bech32.decodeUnsafe(text)).toBeUndefined();
    },
  );
});

describe('Bitcoin legacy addresses (base58check)', () => {
  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'P2PKH'], // the genesis block's coinbase output
    ['1RustyRX2oai4EYYDpQGWvEL62BBGqN9T', 'P2PKH'], // BOLT #11 fallback example (33 characters)
    ['3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX', 'P2SH'], // BOLT #11 fallback example
  ])('accepts %s as %s', (address, kind) => {
    const result = check(address);
    expect(result).toMatchObject({ status: 'valid', format: 'base58check' });
    expect(result.status === 'valid' && result.notes.join(' ')).toContain(kind);
  });

  it('refuses a one-character mistake in a published address by its checksum', () => {
    expect(check('3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQY')).toEqual({
      status: 'invalid',
      reason: expect.stringMatching(/^The checksum does not match/),
    });
  });

  it('refuses the BOLT #11 testnet fallback address mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP', () => {
    const result = check('mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP');
    expect(result.status === 'invalid' && result.reason).toMatch(/test-network/);
  });

  it('names a character base58 leaves out (0, O, I, l)', () => {
    const result = check('1A1zP1eP5QGefi2DMPTfTL5SLmv7Div0Na');
    expect(result.status === 'invalid' && result.reason).toMatch(/contains "0"/);
  });

  it('refuses an address that does not start like a Bitcoin one (here L…, as Litecoin uses)', () => {
    const result = check('LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1');
    expect(result.status === 'invalid' && result.reason).toMatch(/starts with bc1, 1 or 3/);
  });
});
