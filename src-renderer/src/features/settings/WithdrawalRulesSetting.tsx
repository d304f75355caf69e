import { useEffect, useState } from 'react';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { SettingCheckLine } from '../../components/forms/CheckLine';
import { ErrorNotice } from '../../components/StateViews';
import { fieldErrorsOf } from '../../lib/ipc';
import { useAddressBookStore } from '../../stores/address-book-store';
import './address-book.css';
import { TitledSection } from '../../components/TitledSection';
import { InlineForm } from '../../components/forms/InlineForm';

const EMPTY = { coin: '', network: '', perWithdrawal: '', daily: '' };
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * "Only send to address-book destinations" and per-asset withdrawal limits. Main enforces both before
 * it signs a withdrawal, and each change is confirmed in its own window.
 */
export function WithdrawalRulesSetting() {
  const { rules, rulesError: error, busy, load, setBookOnly, setLimit } = useAddressBookStore();
  const [draft, setDraft] = useState(EMPTY);
  useEffect(() => {
    void load();
  }, [load]);
  const fieldError = fieldErrorsOf(error);
  const bind = (key: keyof typeof EMPTY) =>
    bindValue(draft[key], (v) => setDraft((d) => ({ ...d, [key]: v })));

  const onSubmit = async () => {
    const limit = { ...draft, perWithdrawal: orNull(draft.perWithdrawal), daily: orNull(draft.daily) };
    if (await setLimit(limit)) setDraft(EMPTY);
  };

  return (
    <TitledSection name="withdrawal-rules" className="panel withdrawal-rules" title="Withdrawal rules">
      <SettingCheckLine
        className="withdrawal-rules__book-only"
        checked={rules?.bookOnly ?? null}
        quietWhileUnknown={error !== null}
        disabled={busy}
        onCheck={(bookOnly) => void setBookOnly(bookOnly)}
        testId="rules-book-only"
      >
        Only send to address-book destinations
      </SettingCheckLine>
      <p className="muted">
        Limits per coin and network, in the coin. The daily limit counts this profile&apos;s withdrawals sent,
        still sending or with an unknown outcome since midnight on this computer. Leave both empty to remove a
        pair&apos;s limits. Each change asks you to confirm in Merchant Desk&apos;s own window.
      </p>
      {rules && rules.limits.length > 0 && (
        <ul className="withdrawal-rules__list" data-testid="rules-limits">
          {rules.limits.map((l) => (
            <li key={`${l.coin}:${l.network}`}>
              {l.coin.toUpperCase()} on {l.network.toUpperCase()}: {l.perWithdrawal ?? 'no limit'} per
              withdrawal, {l.daily ?? 'no limit'} per day
            </li>
          ))}
        </ul>
      )}
      <InlineForm className="withdrawal-rules__form" label="Set a withdrawal limit" onSubmit={onSubmit}>
        <Field
          id="limit-coin"
          label="Coin"
          error={fieldError.coin}
          {...bind('coin')}
          {...EXACT_TEXT}
          data-testid="limit-coin"
        />
        <Field
          id="limit-network"
          label="Network"
          error={fieldError.network}
          {...bind('network')}
          {...EXACT_TEXT}
          data-testid="limit-network"
        />
        <Field
          id="limit-per"
          label="Per withdrawal (optional)"
          inputMode="decimal"
          error={fieldError.perWithdrawal}
          {...bind('perWithdrawal')}
          {...EXACT_TEXT}
          data-testid="limit-per"
        />
        <Field
          id="limit-daily"
          label="Per day (optional)"
          inputMode="decimal"
          error={fieldError.daily}
          {...bind('daily')}
          {...EXACT_TEXT}
          data-testid="limit-daily"
        />
        <button type="submit" className="button" disabled={busy} data-testid="limit-save">
          Set limits…
        </button>
      </InlineForm>
      {error && (
        <ErrorNotice
          title={
            rules === null
              ? 'The withdrawal rules could not be read.'
              : 'The withdrawal rules were not changed.'
          }
          error={error}
        />
      )}
    </TitledSection>
  );
}
