import { z } from 'zod';
import { DECIMAL_STRING, MAX_DECIMAL_LENGTH } from '@shared/money/rules';

/**
 * An approval policy's rules (issue 28 item 2), written once: the team ledger's store checks what it
 * sends with them, the IPC contract checks what the page asks with them, and the policy editor builds
 * rules of this shape. The server checks the same shape again (md.check_policy_rules).
 */

const Decimal = z.string().max(MAX_DECIMAL_LENGTH).regex(DECIMAL_STRING, 'a decimal string such as "12.50"');
const Name = z.string().trim().min(1).max(100);
/** A team group's name, as md.team_groups allows it. */
export const GroupName = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, '1 to 40 lower-case letters, digits, - or _, starting with a letter');

const Velocity = z
  .object({
    windowMinutes: z.number().int().min(1).max(999_999),
    maxCount: z.number().int().min(0).max(999_999).optional(),
    maxAmount: Decimal.optional(),
  })
  .strict()
  .refine(
    (v) => v.maxCount !== undefined || v.maxAmount !== undefined,
    'velocity needs maxCount or maxAmount',
  );

/**
 * One rule of an approval policy. Every condition given must match (none given: it matches every
 * withdrawal); the first matching rule of the list decides. Amounts are in the withdrawal's coin;
 * `minUsd`/`maxUsd` use the USD rate the desk passes when submitting (recorded with it). A velocity
 * condition matches when this withdrawal would cross the window's limit; `balanceShareOver` when it
 * takes more than that share of the newest recorded balance (or no balance is known). The server checks
 * the same shape (md.check_policy_rules) and decides (md.evaluate_policy).
 */
export const PolicyRuleSchema = z
  .object({
    name: Name.optional(),
    match: z
      .object({
        preparer: z
          .union([z.object({ person: Name }).strict(), z.object({ group: GroupName }).strict()])
          .optional(),
        coin: Name.optional(),
        network: Name.optional(),
        destination: z.enum(['book', 'new']).optional(),
        minAmount: Decimal.optional(),
        maxAmount: Decimal.optional(),
        minUsd: Decimal.optional(),
        maxUsd: Decimal.optional(),
        velocity: Velocity.optional(),
        balanceShareOver: Decimal.optional(),
      })
      .strict()
      .optional(),
    action: z.enum(['allow', 'block', 'require']),
    approvals: z.number().int().min(1).max(3).optional(),
    groups: z.array(GroupName).max(10).optional(),
  })
  .strict()
  .refine((r) => r.action !== 'require' || r.approvals !== undefined, {
    message: 'require needs 1 to 3 approvals',
    path: ['approvals'],
  });
export type PolicyRule = z.infer<typeof PolicyRuleSchema>;
export const PolicyRulesSchema = z.array(PolicyRuleSchema).min(1).max(100);

const upper = (code: string) => code.toUpperCase();

function conditionWords(match: NonNullable<PolicyRule['match']>): string[] {
  const words: string[] = [];
  if (match.preparer)
    words.push(
      'person' in match.preparer
        ? `prepared by ${match.preparer.person}`
        : `prepared by members of the group ${match.preparer.group}`,
    );
  if (match.coin || match.network)
    words.push(
      `${match.coin ? upper(match.coin) : 'any coin'} on ${match.network ? upper(match.network) : 'any network'}`,
    );
  if (match.destination === 'book') words.push('to an address in the team’s address book');
  if (match.destination === 'new') words.push('to an address not in the team’s address book');
  const coin = match.coin ? ` ${upper(match.coin)}` : ' (in the coin)';
  if (match.minAmount) words.push(`at least ${match.minAmount}${coin}`);
  if (match.maxAmount) words.push(`at most ${match.maxAmount}${coin}`);
  if (match.minUsd) words.push(`worth at least ${match.minUsd} USD`);
  if (match.maxUsd) words.push(`worth at most ${match.maxUsd} USD`);
  if (match.velocity) {
    const { windowMinutes, maxCount, maxAmount } = match.velocity;
    const limits = [
      maxCount !== undefined ? `more than ${maxCount} withdrawal${maxCount === 1 ? '' : 's'}` : null,
      maxAmount !== undefined ? `more than ${maxAmount}${coin} in total` : null,
    ].filter((w): w is string => w !== null);
    words.push(`that would make ${limits.join(' or ')} of the pair within ${windowMinutes} minutes`);
  }
  if (match.balanceShareOver)
    words.push(
      `taking more than ${match.balanceShareOver} of the balance (1 = all of it; no balance known counts)`,
    );
  return words;
}

/** What the rule does, in words: "is blocked", "requires 2 approvals from the group treasury". */
export function actionWords(rule: Pick<PolicyRule, 'action' | 'approvals' | 'groups'>): string {
  if (rule.action === 'allow') return 'is allowed without approval';
  if (rule.action === 'block') return 'is blocked';
  const n = rule.approvals ?? 1;
  const groups = rule.groups ?? [];
  const from =
    groups.length === 0
      ? 'any approver'
      : `${groups.length === 1 ? 'the group' : 'the groups'} ${groups.join(', ')}`;
  return `requires ${n} approval${n === 1 ? '' : 's'} from ${from}`;
}

/** A rule in one sentence, the same on the editor's read-only view and in main's confirmation. */
export function ruleWords(rule: PolicyRule, index: number): string {
  const conditions = rule.match ? conditionWords(rule.match) : [];
  const name = rule.name ? ` “${rule.name}”` : '';
  const when = conditions.length === 0 ? 'every withdrawal' : `a withdrawal ${conditions.join(', ')}`;
  return `Rule ${index + 1}${name}: ${when} ${actionWords(rule)}.`;
}
