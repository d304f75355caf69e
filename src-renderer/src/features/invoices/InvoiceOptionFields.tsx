import type { ReactNode } from 'react';
import { CARD_CHECKOUT_MINIMUM_USD } from '@shared/domain/operations';
import { fieldId, type DraftErrors, type InvoiceDraft } from './invoice-draft';
import type { PayPair } from './invoice-pairs';

interface Props {
  draft: InvoiceDraft;
  change: (patch: Partial<InvoiceDraft>) => void;
  errors: DraftErrors;
  pairs: readonly PayPair[];
  coins: readonly string[];
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

type Flag = 'customerFee' | 'customerNetworkFee' | 'cardPayments';

/** One yes/no choice of the draft, ticked in place. */
function FlagCheckbox({
  draft,
  change,
  flag,
  testId,
  children,
}: Pick<Props, 'draft' | 'change'> & { flag: Flag; testId: string; children: ReactNode }) {
  return (
    <label className="invoice-form__check">
      <input
        type="checkbox"
        checked={draft[flag]}
        onChange={(e) => change({ [flag]: e.target.checked })}
        data-testid={testId}
      />
      {children}
    </label>
  );
}

/** The optional choices of an invoice: a fixed pair, the coins allowed, who pays the fees, card payments. */
export function InvoiceOptionFields({ draft, change, errors, pairs, coins }: Props) {
  const pairId = fieldId('pair');
  const toggleCoin = (coin: string, on: boolean) =>
    change({
      allowedCoins: on ? [...draft.allowedCoins, coin].sort() : draft.allowedCoins.filter((c) => c !== coin),
    });
  return (
    <>
      <div className={`field${errors.pair ? ' field--invalid' : ''}`}>
        <label htmlFor={pairId}>Coin and network (optional)</label>
        <select
          id={pairId}
          value={draft.pairKey}
          onChange={(e) => change({ pairKey: e.target.value })}
          aria-invalid={errors.pair ? true : undefined}
          aria-describedby={`${pairId}-hint${errors.pair ? ` ${pairId}-error` : ''}`}
          data-testid="invoice-pair"
        >
          <option value="">The customer chooses</option>
          {pairs.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
        </select>
        <p id={`${pairId}-hint`} className="field__hint">
          {pairs.length
            ? 'Fix the coin and network now, or let the customer pick on the checkout page.'
            : 'Loading the coins open for deposits…'}
        </p>
        <FieldError id={`${pairId}-error`} message={errors.pair} />
      </div>

      <fieldset
        className={`invoice-form__group${errors.allowedCoins ? ' field--invalid' : ''}`}
        aria-describedby={`${fieldId('allowedCoins')}-hint`}
        data-testid="invoice-allowed-coins"
      >
        <legend id={fieldId('allowedCoins')} tabIndex={-1}>
          Coins the customer may pay with (optional)
        </legend>
        <p id={`${fieldId('allowedCoins')}-hint`} className="field__hint">
          None ticked: every coin the service accepts.
        </p>
        <div className="invoice-form__checks">
          {coins.map((coin) => (
            <label key={coin} className="invoice-form__check">
              <input
                type="checkbox"
                checked={draft.allowedCoins.includes(coin)}
                onChange={(e) => toggleCoin(coin, e.target.checked)}
              />
              <span className="coin">{coin.toUpperCase()}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${fieldId('allowedCoins')}-error`} message={errors.allowedCoins} />
      </fieldset>

      <fieldset className={`invoice-form__group${errors.flags ? ' field--invalid' : ''}`}>
        <legend id={fieldId('flags')} tabIndex={-1}>
          Fees and card payments
        </legend>
        <FlagCheckbox draft={draft} change={change} flag="customerFee" testId="invoice-customer-fee">
          The customer pays the service fee
        </FlagCheckbox>
        <FlagCheckbox
          draft={draft}
          change={change}
          flag="customerNetworkFee"
          testId="invoice-customer-network-fee"
        >
          The customer pays the network fee
        </FlagCheckbox>
        <FlagCheckbox draft={draft} change={change} flag="cardPayments" testId="invoice-card">
          Allow card payments (offered while at least {CARD_CHECKOUT_MINIMUM_USD} USD is due)
        </FlagCheckbox>
        <FieldError id={`${fieldId('flags')}-error`} message={errors.flags} />
      </fieldset>
    </>
  );
}
