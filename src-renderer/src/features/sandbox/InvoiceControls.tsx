import { useMemo, useState } from 'react';
import { depositPairs } from '../../stores/deposit-pairs';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { useProfileRates } from '../../stores/use-profile-rates';
import { bindValue, DECIMAL_TEXT, EXACT_TEXT } from '../../components/forms/bind';
import { Field, SelectField } from '../../components/forms/Field';
import { ControlGroupPanel, KnownOptions, looksDecimal, ResultLine, useControlGroup } from './ControlParts';
import { useSandboxControls } from './sandbox-store';

/** Pay (in full or in part), expire or AML-reject an invoice, picked from this desk's or typed. */
export function InvoiceControls() {
  const known = useSandboxControls((s) => s.invoices);
  const { busy, act, server, refused } = useControlGroup('invoices');
  const rows = useProfileRates(useShellStore((s) => selectActiveProfile(s)?.id ?? null));
  const [code, setCode] = useState('');
  const [amount, setAmount] = useState('');
  // "" = the pair on the invoice (the merchant fixed it, or the payer already chose on the checkout page).
  const [pair, setPair] = useState('');
  const pairs = useMemo(() => depositPairs(rows), [rows]);
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...server, ...local };

  const check = (withAmount: boolean): string | null => {
    const found: Record<string, string> = {};
    const trimmed = code.trim();
    if (!trimmed) found.code = 'Enter or pick an invoice code.';
    if (withAmount && amount.trim() && !looksDecimal(amount.trim()))
      found.amount = 'Enter an amount such as 12.50, or leave it empty to pay in full.';
    setLocal(found);
    if (Object.keys(found).length) refused();
    return Object.keys(found).length ? null : trimmed;
  };
  const pay = () => {
    const c = check(true);
    const chosen = pairs.find((p) => p.key === pair);
    if (c)
      void act('invoices', {
        action: 'pay-invoice',
        code: c,
        ...(amount.trim() ? { amount: amount.trim() } : {}),
        ...(chosen ? { coin: chosen.coin, network: chosen.network } : {}),
      });
  };
  const other = (action: 'expire-invoice' | 'aml-reject-invoice') => {
    const c = check(false);
    if (c) void act('invoices', { action, code: c });
  };

  return (
    <ControlGroupPanel group="invoices" onSubmit={pay}>
      <Field
        id="sandbox-invoice-code"
        label="Invoice code"
        list="sandbox-known-invoices"
        {...EXACT_TEXT}
        {...bindValue(code, setCode)}
        error={errors.code}
        hint={known.length ? 'Pick one created from this desk, or type any code.' : 'Type the invoice code.'}
      />
      <KnownOptions id="sandbox-known-invoices" items={known} />
      <SelectField
        id="sandbox-invoice-pair"
        label="The payer pays with"
        value={pair}
        onChange={(e) => setPair(e.target.value)}
        error={errors.coin ?? errors.network}
        hint="An invoice where the customer chooses the coin needs a choice here, unless the payer already chose on its checkout page."
      >
        <option value="">The invoice's coin and network</option>
        {pairs.map((p) => (
          <option key={p.key} value={p.key}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <Field
        id="sandbox-invoice-amount"
        label="Amount paid (optional, in the invoice's coin)"
        {...DECIMAL_TEXT}
        {...bindValue(amount, setAmount)}
        error={errors.amount}
        hint="Leave empty to pay what is still due. Less than that makes the invoice partly paid."
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {amount.trim() ? 'Pay this amount' : 'Pay in full'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => other('expire-invoice')}>
          Expire
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => other('aml-reject-invoice')}>
          Reject by AML check
        </button>
      </div>
      <ResultLine group="invoices" what="The invoice action" />
    </ControlGroupPanel>
  );
}
