import type { InvoiceLookupView } from '@contract';
import { KeyValueTree } from '../../components/KeyValueTree';
import { humanizeKey, leafText } from '../../lib/humanize';
import { LAID_OUT } from './invoice-figures';

const KNOWN_TOP = new Set(['invoice', 'network_fees', 'unreadable', 'warnings']);
const LAID = new Set<string>(LAID_OUT);

/**
 * What the layout above does not name: fields that could not be read (with the value as it came),
 * fields the service sent that the specification does not, and the runtime-owned payment options.
 */
export function InvoiceExtras({ view }: { view: InvoiceLookupView }) {
  const extraInvoice = Object.fromEntries(Object.entries(view.invoice).filter(([k]) => !LAID.has(k)));
  const extraTop = Object.fromEntries(Object.entries(view).filter(([k]) => !KNOWN_TOP.has(k)));
  const options = {
    allowed_coins: view.invoice.allowed_coins,
    allowed_networks: view.invoice.allowed_networks,
    provider_card: view.invoice.provider_card,
    network_fees: view.network_fees,
  };
  return (
    <>
      {view.unreadable.length > 0 && (
        <div className="notice notice--warn" data-testid="invoice-unreadable">
          <p className="notice__title">
            {view.unreadable.length === 1
              ? 'One field of the answer could not be read'
              : `${view.unreadable.length} fields of the answer could not be read`}
            ; everything else above is as the service sent it.
          </p>
          <ul>
            {view.unreadable.map((u) => (
              <li key={u.field}>
                <strong>{humanizeKey(u.field.replace(/^invoice\./, ''))}</strong> (<code>{u.field}</code>):{' '}
                {u.problem}
                {u.value !== undefined && (
                  <>
                    {' '}
                    — as received: <code>{leafText(u.value)}</code>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.warnings.length > 0 && (
        <div className="notice notice--warn" data-testid="invoice-lookup-warnings">
          {view.warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </div>
      )}
      {(Object.keys(extraInvoice).length > 0 || Object.keys(extraTop).length > 0) && (
        <section aria-labelledby="invoice-other-title" data-testid="invoice-other-fields">
          <h4 id="invoice-other-title">Other fields from the service</h4>
          <p className="muted">Not described in the service’s specification; shown as sent.</p>
          <KeyValueTree value={{ ...extraInvoice, ...extraTop }} />
        </section>
      )}
      <details className="invoice-options">
        <summary>Payment options and network fees offered to the customer</summary>
        <KeyValueTree value={options} />
      </details>
    </>
  );
}
