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
