import { describe, expect, it } from 'vitest';
import { mismatchedEnd } from '@renderer/features/withdrawals/address-confirmation';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
// Same end, another start: what a look-alike address made for this one would share with it.
const LOOK_ALIKE = 'TQxxxxaFB7K9cmo4uQpcU32zGK8G1NYqeL';

describe('the typed confirmation of an address', () => {
  it('needs both ends, exactly (capitals included); spaces around what is typed are forgiven', () => {
    expect(mismatchedEnd(ADDRESS, { start: 'TNPeea', end: '1NYqeL' })).toBeNull();
    expect(mismatchedEnd(ADDRESS, { start: ' TNPeea ', end: '1NYqeL ' })).toBeNull();
    expect(mismatchedEnd(ADDRESS, { start: '', end: '1NYqeL' })).toBe('start');
    expect(mismatchedEnd(ADDRESS, { start: 'tnpeea', end: '1NYqeL' })).toBe('start');
    expect(mismatchedEnd(ADDRESS, { start: 'TNPeea', end: '1nyqel' })).toBe('end');
  });

  it('an address that shares only the end with the one compared does not pass', () => {
    expect(mismatchedEnd(LOOK_ALIKE, { start: 'TNPeea', end: '1NYqeL' })).toBe('start');
  });
});
