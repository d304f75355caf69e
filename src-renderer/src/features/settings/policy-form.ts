import type { PolicyRule } from '@contract';

/**
 * One rule as the editor holds it: every field a string as typed (amounts stay decimal strings), turned
 * into a PolicyRule only when saved or previewed. Main checks the rule with the one schema; an empty
 * field is a condition not set.
 */
export interface RuleForm {
  key: number;
  name: string;
  preparerKind: 'any' | 'person' | 'group';
  preparer: string;
  coin: string;
  network: string;
  destination: 'any' | 'book' | 'new';
  minAmount: string;
  maxAmount: string;
  minUsd: string;
  maxUsd: string;
  windowMinutes: string;
  windowCount: string;
  windowAmount: string;
  balanceShare: string;
  action: PolicyRule['action'];
  approvals: '1' | '2' | '3';
  /** Group names, separated by commas or spaces. */
  groups: string;
}

let nextKey = 1;

export function emptyRule(): RuleForm {
  return {
    key: nextKey++,
    name: '',
    preparerKind: 'any',
    preparer: '',
    coin: '',
    network: '',
    destination: 'any',
    minAmount: '',
    maxAmount: '',
    minUsd: '',
    maxUsd: '',
    windowMinutes: '',
    windowCount: '',
    windowAmount: '',
    balanceShare: '',
    action: 'require',
    approvals: '1',
    groups: '',
  };
}

const set = <T>(value: T | undefined) => (value === undefined ? '' : String(value));
/** A whole number as typed; anything else goes to main as it was typed, to be refused with its words. */
const whole = (text: string): number | string => (/^\d{1,9}$/.test(text) ? Number(text) : text);

export function toForm(rule: PolicyRule): RuleForm {
  const m = rule.match ?? {};
  const preparer = m.preparer;
  return {
    ...emptyRule(),
    name: set(rule.name),
    preparerKind: preparer ? ('person' in preparer ? 'person' : 'group') : 'any',
    preparer: preparer ? ('person' in preparer ? preparer.person : preparer.group) : '',
    coin: set(m.coin),
    network: set(m.network),
    destination: m.destination ?? 'any',
    minAmount: set(m.minAmount),
    maxAmount: set(m.maxAmount),
    minUsd: set(m.minUsd),
    maxUsd: set(m.maxUsd),
    windowMinutes: set(m.velocity?.windowMinutes),
    windowCount: set(m.velocity?.maxCount),
    windowAmount: set(m.velocity?.maxAmount),
    balanceShare: set(m.balanceShareOver),
    action: rule.action,
    approvals: String(rule.approvals ?? 1) as RuleForm['approvals'],
    groups: (rule.groups ?? []).join(', '),
  };
}

/** The rule to send: only the conditions filled in; approvals and groups only for "require". */
export function toRule(form: RuleForm): PolicyRule {
  const t = (text: string) => text.trim();
  const match: Record<string, unknown> = {};
  const put = (key: string, text: string) => {
    if (t(text) !== '') match[key] = t(text);
  };
  if (form.preparerKind !== 'any' && t(form.preparer) !== '')
    match.preparer = { [form.preparerKind]: t(form.preparer) };
  put('coin', form.coin.toLowerCase());
  put('network', form.network.toLowerCase());
  if (form.destination !== 'any') match.destination = form.destination;
  put('minAmount', form.minAmount);
  put('maxAmount', form.maxAmount);
  put('minUsd', form.minUsd);
  put('maxUsd', form.maxUsd);
  if ([form.windowMinutes, form.windowCount, form.windowAmount].some((v) => t(v) !== '')) {
    const velocity: Record<string, unknown> = { windowMinutes: whole(t(form.windowMinutes)) };
    if (t(form.windowCount) !== '') velocity.maxCount = whole(t(form.windowCount));
    if (t(form.windowAmount) !== '') velocity.maxAmount = t(form.windowAmount);
    match.velocity = velocity;
  }
  put('balanceShareOver', form.balanceShare);
  const groups = form.groups
    .split(/[\s,]+/)
    .map((g) => g.trim())
    .filter((g) => g !== '');
  // Checked by main against the one schema; the shape here is only assembled, never trusted.
  return {
    ...(t(form.name) ? { name: t(form.name) } : {}),
    ...(Object.keys(match).length ? { match } : {}),
    action: form.action,
    ...(form.action === 'require'
      ? { approvals: Number(form.approvals), ...(groups.length ? { groups } : {}) }
      : {}),
  } as PolicyRule;
}

/** The list with rule `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveRule<T>(rules: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= rules.length) return [...rules];
  const next = [...rules];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
