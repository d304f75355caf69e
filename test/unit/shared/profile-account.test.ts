import { describe, expect, it } from 'vitest';
import { ProfileId } from '@shared/domain/profile';
import { accountProfileId, isLinedUp } from '@shared/domain/profile-account';

describe('a profile id names its merchant account', () => {
  it('is the same on every desk and in every version: fixed values, computed once with node:crypto', () => {
    expect(accountProfileId('live', '1001')).toBe('m-383e8e1c49a89ecb0324');
    expect(accountProfileId('sandbox', '1001')).toBe('m-e28c9b7ddf1261ec82d4');
    expect(accountProfileId('live', 'acme')).toBe('m-993276634ff0dc394eca');
  });

  it('differs by environment and by merchant ID, and ignores the spaces around the merchant ID', () => {
    expect(accountProfileId('live', '1001')).not.toBe(accountProfileId('sandbox', '1001'));
    expect(accountProfileId('live', '1001')).not.toBe(accountProfileId('live', '1002'));
    expect(accountProfileId('live', '  1001\t')).toBe(accountProfileId('live', '1001'));
  });

  it('is a valid profile id (the keychain account): m- and 20 hex digits', () => {
    for (const merchantId of ['1001', 'acme', 'X'.repeat(128), '~!@#$%^&*()']) {
      const id = accountProfileId('live', merchantId);
      expect(id).toMatch(/^m-[0-9a-f]{20}$/);
      expect(ProfileId.safeParse(id).success).toBe(true);
    }
  });

  it('says a profile is lined up only when its id is its account’s; the built-in Sandbox always is', () => {
    const acme = { environment: 'live' as const, merchantId: 'acme' };
    expect(isLinedUp({ ...acme, id: 'm-993276634ff0dc394eca' })).toBe(true);
    expect(isLinedUp({ ...acme, id: 'p-0123456789' })).toBe(false);
    // Its merchant ID changed after it was made: it keeps the old account's id.
    expect(isLinedUp({ ...acme, merchantId: 'acme-2', id: 'm-993276634ff0dc394eca' })).toBe(false);
    expect(isLinedUp({ id: 'sandbox', environment: 'sandbox', merchantId: 'sandbox-merchant' })).toBe(true);
  });
});
