import type { InvoiceLookupView } from '@contract';
import { AddressText } from '../../components/AddressText';
import { PayInstruction } from '../../components/PayInstruction';
import { QrCode, type MoneyEnvironment } from '../../components/QrCode';
import { leafText } from '../../lib/humanize';
import { decimalOf, fieldOf, remaining, textOf } from './invoice-figures';
import { isOpenStatus } from './invoice-words';

interface Props {
  view: InvoiceLookupView;
  environment: MoneyEnvironment;
  names: ReadonlyMap<string, string>;
}

/** The chosen coin and network, the deposit address with its QR while the invoice is payable, and the transactions. */
export function InvoicePayTo({ view, environment, names }: Props) {
  const coin = textOf(fieldOf(view, 'coin'));
  const networkCode = textOf(fieldOf(view, 'network'));
  const address = textOf(fieldOf(view, 'wallet_address'));
  const status = textOf(fieldOf(view, 'status'));
  const due = decimalOf(fieldOf(view, 'payer_amount_crypto'));
  const paid = decimalOf(fieldOf(view, 'payed_crypto')) ?? '0';
  const network = networkCode ? (names.get(networkCode) ?? networkCode.toUpperCase()) : null;
  const txs = fieldOf(view, 'transaction_list');
  const open = isOpenStatus(status);
  const left = due ? remaining(due, paid) : null;
  return (
    <section className="invoice-payto" aria-labelledby="invoice-payto-title">
      <h4 id="invoice-payto-title">Coin, network and deposit address</h4>
      {coin && network ? (
        <p data-testid="invoice-pair">
          <strong>{coin.toUpperCase()}</strong> on <strong>{network}</strong>
        </p>
      ) : (
        <p className="muted">The customer has not chosen a coin and network yet.</p>
      )}
      {address && coin && network ? (
        <div className="invoice-payto__body">
          {open && (
            <div data-testid="invoice-address-qr">
              <QrCode
                payload={address}
                what={`the ${coin.toUpperCase()} address of this invoice`}
                environment={environment}
              />
            </div>
          )}
          <div className="invoice-payto__text">
            <AddressText address={address} label={`${coin.toUpperCase()} deposit address`} copyable />
            {open ? (
              <PayInstruction
                coin={coin.toUpperCase()}
                network={network}
                amount={left && left !== '0' ? left : null}
              />
            ) : (
              <p className="notice notice--warn">
                This invoice is closed: nothing more should be sent to this address for it.
              </p>
            )}
          </div>
        </div>
      ) : (
        fieldOf(view, 'wallet_address').state === 'unreadable' && (
          <p className="fact--unreadable">The deposit address could not be read; see the fields below.</p>
        )
      )}
      <h4>Transactions</h4>
      {txs.state === 'value' && Array.isArray(txs.value) ? (
        txs.value.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <ol className="invoice-txs" data-testid="invoice-transactions">
            {txs.value.map((tx, i) => (
              <li key={i} className="mono">
                {leafText(tx)}
              </li>
            ))}
          </ol>
        )
      ) : (
        <p className="fact--unreadable">
          {txs.state === 'unreadable'
            ? `The transaction list could not be read (${txs.problem}).`
            : 'Not in the answer.'}
        </p>
      )}
    </section>
  );
}
