import { bindValue, DECIMAL_TEXT, EXACT_TEXT } from '../../components/forms/bind';
import { ChoiceOptions, Field, SelectField } from '../../components/forms/Field';
import type { RuleForm } from './policy-form';

type Key = Exclude<keyof RuleForm, 'key'>;

/** Where main's schema puts each field's error inside one rule ("match.velocity.maxCount"). */
const PATHS: Partial<Record<Key, string[]>> = {
  name: ['name'],
  preparer: ['match.preparer.person', 'match.preparer.group', 'match.preparer'],
  coin: ['match.coin'],
  network: ['match.network'],
  minAmount: ['match.minAmount'],
  maxAmount: ['match.maxAmount'],
  minUsd: ['match.minUsd'],
  maxUsd: ['match.maxUsd'],
  windowMinutes: ['match.velocity.windowMinutes', 'match.velocity'],
  windowCount: ['match.velocity.maxCount'],
  windowAmount: ['match.velocity.maxAmount'],
  balanceShare: ['match.balanceShareOver'],
  approvals: ['approvals'],
  groups: ['groups', 'groups.0', 'groups.1', 'groups.2'],
};

/** This rule's errors from main's answer, by field ("rules.2.match.minAmount" → minAmount of rule 3). */
function errorsOf(fieldErrors: Record<string, string[]> | undefined, index: number) {
  return (key: Key): string | undefined => {
    for (const path of PATHS[key] ?? []) {
      const found = fieldErrors?.[`rules.${index}.${path}`];
      if (found?.length) return found.join('; ');
    }
    return undefined;
  };
}

/**
 * One rule of the policy: its conditions (every one filled in must match) and what it does. Amounts
 * are typed as decimal strings and sent as typed; main checks them with the policy's one schema.
 */
export function RuleEditor({
  rule,
  index,
  count,
  fieldErrors,
  onChange,
  onMove,
  onRemove,
}: {
  rule: RuleForm;
  index: number;
  count: number;
  fieldErrors: Record<string, string[]> | undefined;
  onChange: (rule: RuleForm) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const errorOf = errorsOf(fieldErrors, index);
  const field = (key: Key) => ({
    ...bindValue(String(rule[key]), (value) => onChange({ ...rule, [key]: value })),
    error: errorOf(key),
    'data-testid': `rule-${index}-${key}`,
  });
  const n = index + 1;
  return (
    <li className="policy-rule" data-testid={`policy-rule-${index}`}>
      <fieldset>
        <legend>Rule {n}</legend>
        <div className="policy-rule__grid">
          <Field label="Name (optional)" {...field('name')} />
          <SelectField label="Prepared by" {...field('preparerKind')}>
            <ChoiceOptions
              choices={[
                { value: 'any', label: 'anyone' },
                { value: 'person', label: 'a person' },
                { value: 'group', label: 'a group' },
              ]}
            />
          </SelectField>
          {rule.preparerKind !== 'any' && (
            <Field
              label={rule.preparerKind === 'person' ? 'Person (login)' : 'Group'}
              {...field('preparer')}
              {...EXACT_TEXT}
            />
          )}
          <Field label="Coin" hint="Empty: any coin" {...field('coin')} {...EXACT_TEXT} />
          <Field label="Network" hint="Empty: any network" {...field('network')} {...EXACT_TEXT} />
          <SelectField label="Destination" {...field('destination')}>
            <ChoiceOptions
              choices={[
                { value: 'any', label: 'any address' },
                { value: 'book', label: 'in the team’s address book' },
                { value: 'new', label: 'a new address' },
              ]}
            />
          </SelectField>
          <Field label="Amount at least (in the coin)" {...field('minAmount')} {...DECIMAL_TEXT} />
          <Field label="Amount at most (in the coin)" {...field('maxAmount')} {...DECIMAL_TEXT} />
          <Field label="Worth at least (USD)" {...field('minUsd')} {...DECIMAL_TEXT} />
          <Field label="Worth at most (USD)" {...field('maxUsd')} {...DECIMAL_TEXT} />
          <Field
            label="Velocity window (minutes)"
            hint="Matches when this withdrawal would cross a limit below within the window"
            {...field('windowMinutes')}
            inputMode="numeric"
          />
          <Field label="More than this many withdrawals" {...field('windowCount')} inputMode="numeric" />
          <Field label="More than this total (in the coin)" {...field('windowAmount')} {...DECIMAL_TEXT} />
          <Field
            label="Takes more than this share of the balance"
            hint="0.25 is a quarter; no known balance counts as too much"
            {...field('balanceShare')}
            {...DECIMAL_TEXT}
          />
        </div>
        <div className="policy-rule__grid">
          <SelectField label="Then" {...field('action')}>
            <ChoiceOptions
              choices={[
                { value: 'allow', label: 'allow it' },
                { value: 'block', label: 'block it' },
                { value: 'require', label: 'require approvals' },
              ]}
            />
          </SelectField>
          {rule.action === 'require' && (
            <>
              <SelectField label="Approvals needed" {...field('approvals')}>
                <ChoiceOptions choices={['1', '2', '3'].map((v) => ({ value: v, label: v }))} />
              </SelectField>
              <Field
                label="From the groups"
                hint="Names separated by commas; empty: any approver"
                {...field('groups')}
                {...EXACT_TEXT}
              />
            </>
          )}
        </div>
        <div className="policy-rule__actions">
          <button
            type="button"
            className="button button--small"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move rule ${n} up`}
            data-testid={`rule-${index}-up`}
          >
            Up
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Move rule ${n} down`}
            data-testid={`rule-${index}-down`}
          >
            Down
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={count === 1}
            onClick={onRemove}
            aria-label={`Remove rule ${n}`}
            data-testid={`rule-${index}-remove`}
          >
            Remove
          </button>
        </div>
      </fieldset>
    </li>
  );
}
