import { describe, expect, it } from 'vitest';
import { PolicyRulesSchema } from '@shared/domain/approval-policy';
import { actionWords, ruleWords } from '@shared/domain/approval-policy-words';

describe('approval policy rules (one schema, one way of saying them)', () => {
  it('says every condition and the action of a rule in one sentence', () => {
    expect(
      ruleWords(
        {
          name: 'big new',
          match: {
            preparer: { group: 'ops' },
            coin: 'usdt',
            network: 'tron',
            destination: 'new',
            minAmount: '100',
            maxAmount: '5000',
            minUsd: '100',
            maxUsd: '5000',
            velocity: { windowMinutes: 60, maxCount: 2, maxAmount: '9000' },
            balanceShareOver: '0.5',
          },
          action: 'require',
          approvals: 2,
          groups: ['treasury', 'cfo'],
        },
        1,
      ),
    ).toBe(
      'Rule 2 “big new”: a withdrawal prepared by members of the group ops, USDT on TRON, to an address not in the team’s address book, at least 100 USDT, at most 5000 USDT, worth at least 100 USD, worth at most 5000 USD, that would make more than 2 withdrawals or more than 9000 USDT in total of the pair within 60 minutes, taking more than 0.5 of the balance (1 = all of it; no balance known counts) requires 2 approvals from the groups treasury, cfo.',
    );
    expect(
      ruleWords({ action: 'block', match: { preparer: { person: 'anna' }, destination: 'book' } }, 0),
    ).toBe('Rule 1: a withdrawal prepared by anna, to an address in the team’s address book is blocked.');
    expect(ruleWords({ action: 'allow' }, 2)).toBe('Rule 3: every withdrawal is allowed without approval.');
    expect(actionWords({ action: 'require', approvals: 1, groups: [] })).toBe(
      'requires 1 approval from any approver',
    );
  });

  it('refuses what the server would refuse: require without approvals, float amounts, an unknown key', () => {
    expect(PolicyRulesSchema.safeParse([{ action: 'require' }]).success).toBe(false);
    expect(PolicyRulesSchema.safeParse([{ action: 'require', approvals: 4 }]).success).toBe(false);
    expect(PolicyRulesSchema.safeParse([{ action: 'allow', match: { maxAmount: 12.5 } }]).success).toBe(
      false,
    );
    expect(
      PolicyRulesSchema.safeParse([{ action: 'allow', match: { velocity: { windowMinutes: 5 } } }]).success,
    ).toBe(false);
    expect(PolicyRulesSchema.safeParse([{ action: 'allow', extra: true }]).success).toBe(false);
    expect(PolicyRulesSchema.safeParse([]).success).toBe(false);
    expect(
      PolicyRulesSchema.safeParse([{ action: 'block', match: { minAmount: '100' } }, { action: 'allow' }])
        .success,
    ).toBe(true);
  });
});
