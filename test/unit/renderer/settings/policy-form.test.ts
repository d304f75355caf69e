import { describe, expect, it } from 'vitest';
import type { PolicyRule } from '@contract';
import { emptyRule, moveRule, toForm, toRule } from '@renderer/features/settings/policy-form';

describe('the policy editor’s rule form', () => {
  it('turns every condition of the schema into fields and back, unchanged', () => {
    const rule: PolicyRule = {
      name: 'everything',
      match: {
        preparer: { group: 'ops' },
        coin: 'usdt',
        network: 'tron',
        destination: 'book',
        minAmount: '1',
        maxAmount: '2',
        minUsd: '3',
        maxUsd: '4',
        velocity: { windowMinutes: 60, maxCount: 3, maxAmount: '5' },
        balanceShareOver: '0.5',
      },
      action: 'require',
      approvals: 3,
      groups: ['treasury', 'cfo'],
    };
    expect(toRule(toForm(rule))).toEqual(rule);
    expect(toRule(toForm({ match: { preparer: { person: 'anna' } }, action: 'allow' }))).toEqual({
      match: { preparer: { person: 'anna' } },
      action: 'allow',
    });
  });

  it('sends only what is filled in, coins and networks as codes, approvals only for "require"', () => {
    expect(toRule({ ...emptyRule(), action: 'block', approvals: '2', groups: 'a' })).toEqual({
      action: 'block',
    });
    expect(toRule({ ...emptyRule(), coin: ' USDT ', groups: 'treasury, cfo  ops' })).toEqual({
      match: { coin: 'usdt' },
      action: 'require',
      approvals: 1,
      groups: ['treasury', 'cfo', 'ops'],
    });
    // A count typed wrong goes to main as typed, to be refused there with its words.
    expect(
      toRule({ ...emptyRule(), action: 'allow', windowMinutes: '1h', windowAmount: '10' }).match,
    ).toEqual({
      velocity: { windowMinutes: '1h', maxAmount: '10' },
    });
  });

  it('moves a rule one place, and not past either end', () => {
    expect(moveRule(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRule(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRule(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRule(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
