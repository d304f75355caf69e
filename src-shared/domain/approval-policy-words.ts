import type { PolicyRule } from './approval-policy';

// A policy's rules in words, without zod: main's publish confirmation and the screens say a rule the
// same way, and the renderer's bundle does not pull the schemas in for it.

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
