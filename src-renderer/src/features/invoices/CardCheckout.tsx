import type { WriteResult } from '@contract';
import { Countdown } from '../../components/Countdown';
import type { MoneyEnvironment } from '../../components/QrCode';
import { ErrorNotice } from '../../components/StateViews';
import { isRecord } from '../../lib/shape';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { CARD_CHECKOUT_MINIMUM_USD } from '@shared/domain/operations';
import { CheckoutLink } from './CheckoutLink';
import { failureCodeWords, localStatusWords } from './invoice-words';
import { useInvoicesStore } from './invoices-store';

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/** The card order as the service answered (its fields beyond id, provider, local_status and expires_at are not documented). */
function CardOrder({ result, environment }: { result: WriteResult; environment: MoneyEnvironment }) {
  if (result.outcome === 'unknown') {
    const code = result.error?.failureCode;
    return (
      <div className="notice notice--unknown" role="alert" data-testid="card-unknown">
        <p className="notice__title">We don’t know whether the card checkout was started.</p>
        {code ? (
          <p data-testid="card-unknown-reason">
            {failureCodeWords(code, result.error?.message ?? '')} The service answered with an error on its
            side, so Merchant Desk cannot be sure nothing was started.
          </p>
        ) : (
          <p>The answer did not arrive or could not be read.</p>
        )}
        <p>
          The service reuses an invoice’s active card checkout, so starting it again shows the same one rather
          than a second. (Journal entry {result.journalId}.)
        </p>
      </div>
    );
  }
  if (result.outcome === 'rejected') {
    const error = result.error;
    return (
      <div className="notice notice--warn" role="alert" data-testid="card-refused">
        <p className="notice__title">The card checkout was not started.</p>
        <p>{failureCodeWords(error?.failureCode, error?.message ?? 'no reason given')}</p>
      </div>
    );
  }
  const order = isRecord(result.data) ? result.data : {};
  const redirect = text(order.redirect_url) ?? text(order.url) ?? text(order.checkout_url);
  const expires = text(order.expires_at);
  return (
    <div className="card-order" data-testid="card-order">
      <p>
        Card checkout <span className="mono">{text(order.id) ?? '(no id)'}</span> with{' '}
        {text(order.provider) ?? 'the card provider'}:{' '}
        <strong data-testid="card-order-status">{localStatusWords(text(order.local_status))}</strong>
      </p>
      {expires && (
        <p>
          Checkout <Countdown until={expires} what="The card checkout" />
        </p>
      )}
      {redirect ? (
        <CheckoutLink url={redirect} environment={environment} what="the card payment page" />
      ) : (
        <p className="muted">
          The answer carried no link for the customer; the invoice’s checkout page offers the card option.
        </p>
      )}
      {result.warnings && result.warnings.length > 0 && <p className="muted">{result.warnings.join(' ')}</p>}
    </div>
  );
}

/** Card checkout for an invoice that allows it with enough due; why not, in words, when it does not. */
export function CardCheckout({
  code,
  offered,
  reason,
  environment,
}: {
  code: string;
  offered: boolean;
  reason: string;
  environment: MoneyEnvironment;
}) {
  const state = useInvoicesStore((s) => s.cards[code]);
  const start = useInvoicesStore((s) => s.cardOrder);
  const busy = state?.status === 'creating';
  // A card checkout is a write on the team's ledger: main says whether this person may start one.
  const refused = useRefusedWrite('invoices');
  return (
    <section className="card-checkout" aria-labelledby="card-checkout-title" data-testid="card-checkout">
      <h4 id="card-checkout-title">Card payment</h4>
      {offered && !refused ? (
        <>
          <p className="muted">
            The customer can pay by card while at least {CARD_CHECKOUT_MINIMUM_USD} USD is due. Payment is
            confirmed only when the invoice’s status says paid.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void start(code)}
            disabled={busy}
            aria-busy={busy}
            data-testid="card-start"
          >
            {busy
              ? 'Starting card checkout…'
              : state?.status === 'done' && state.result.outcome === 'accepted'
                ? 'Show the card checkout again'
                : state
                  ? 'Try starting card checkout again'
                  : 'Start card checkout'}
          </button>
        </>
      ) : (
        <p className="muted" data-testid="card-not-offered">
          {refused ?? reason}
        </p>
      )}
      {state?.status === 'done' && <CardOrder result={state.result} environment={environment} />}
      {state?.status === 'error' && (
        <ErrorNotice
          title="The card checkout was not started."
          error={state.error}
          sent="Nothing was sent."
        />
      )}
    </section>
  );
}
