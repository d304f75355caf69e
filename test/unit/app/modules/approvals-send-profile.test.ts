import { describe, expect, it } from 'vitest';
import { otherProfileWords, type ProfileFacts } from '@main/app/modules/approvals-send-profile';

const SANDBOX: ProfileFacts = {
  id: 'sandbox',
  name: 'Sandbox',
  environment: 'sandbox',
  merchantId: 'sandbox-merchant',
};
/** accountProfileId('live', 'acme'). */
const ACME_ID = 'm-993276634ff0dc394eca';
const acme: ProfileFacts = { id: ACME_ID, name: 'Acme (treasury)', environment: 'live', merchantId: 'acme' };
const item = { profileId: ACME_ID, environment: 'live' as const };

describe('a treasury desk told why it cannot send from its active profile, and what to do', () => {
  it('names this desk’s profile for the account when it has it', () => {
    const words = otherProfileWords('7', item, SANDBOX, [SANDBOX, acme]);
    expect(words).toContain('Withdrawal #7 was prepared for another live profile');
    expect(words).toContain('Switch to “Acme (treasury)” (merchant ID acme (live)) and send it again.');
    expect(words).toContain('Nothing was sent.');
    expect(words).not.toContain('share profiles');
  });

  it('says to add the profile again when this desk’s profile for the account was made before (p-…)', () => {
    const old = { ...acme, id: 'p-0a1b2c3d4e', name: 'Acme (old)' };
    const words = otherProfileWords('7', item, old, [SANDBOX, old]);
    expect(words).toContain(
      'This desk’s “Acme (old)” is for that account (merchant ID acme (live)) but was made before',
    );
    expect(words).toContain('add the profile again with the same merchant ID');
  });

  it('says the preparing desk must line up when the withdrawal was prepared from a p-… profile', () => {
    const words = otherProfileWords('7', { ...item, profileId: 'p-9f8e7d6c5b' }, acme, [SANDBOX, acme]);
    expect(words).toContain('which only the desk that prepared it has');
  });

  it('says to add the profile when this desk has none for the account', () => {
    const words = otherProfileWords('7', item, SANDBOX, [SANDBOX]);
    expect(words).toContain('This desk has no profile for that merchant account: add the live profile');
  });
});
