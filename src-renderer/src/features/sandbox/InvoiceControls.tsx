import { useState } from 'react';
import { bindValue, DECIMAL_TEXT, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ControlGroupPanel, KnownOptions, looksDecimal, ResultLine, useControlGroup } from './ControlParts';
import { useSandboxControls } from './sandbox-store';

/** Pay (in full or in part), expire or AML-reject an invoice, picked from this desk's or typed. */
export function InvoiceControls() {
  const known = useSandboxControls((s) => s.invoices);
  const { busy, act, server, refused } = useControlGroup('invoices');
  const [code, setCode] = useState('');
  const [amount, setAmount] = useState('');
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
    if (c)
      void act('invoices', {
        action: 'pay-invoice',
        code: c,
        ...(amount.trim() ? { amount: amount.trim() } : {}),
      });
  };
  const other = (action: 'expire-invoice' | 'aml-reject-invoice') => {
    const c = check(false);
    if (c) void act('invoices', { action, code: c });
  };

  return (
    <ControlGroupPanel
      group="invoices"
      title="Invoices"
      intro="Pretend a customer paid, or let an invoice run out. Its webhook reaches this desk as it would from the service."
      onSubmit={pay}
    >
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
