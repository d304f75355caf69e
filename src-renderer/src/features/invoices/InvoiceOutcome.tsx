import { CopyButton } from '../../components/CopyButton';
import { Countdown } from '../../components/Countdown';
import { Amount } from '../../components/Money';
import type { MoneyEnvironment } from '../../components/QrCode';
import { ErrorNotice } from '../../components/StateViews';
import { ProfileNote, type MoneyProfile } from '../../components/forms/FormActions';
import { OutcomeRegion } from '../../components/forms/OutcomeRegion';
import { formatDecimal } from '@shared/money/display';
import { CheckoutLink } from './CheckoutLink';
import type { CreateOutcome } from './invoice-outcome';
import { NO_FILTER } from './invoice-page';
import { useInvoicesStore } from './invoices-store';
import { CheckFound, SafeCheck } from './SafeCheck';
import { UnknownNotice } from '../../components/forms/UnknownNotice';
import { TitledSection } from '../../components/TitledSection';

interface OutcomeProps {
  profile: MoneyProfile;
  names: ReadonlyMap<string, string>;
}

/** Where the last creation's outcome appears (focused when a new one arrives). */
export function InvoiceOutcome(props: OutcomeProps) {
  const outcome = useInvoicesStore((s) => s.outcome);
  return (
    <OutcomeRegion outcome={outcome} className="invoice-outcome" testId="invoice-outcome">
      {(arrived) => <OutcomeBody outcome={arrived} {...props} />}
    </OutcomeRegion>
  );
}

function Duplicate({ orderId }: { orderId: string }) {
  const entries = useInvoicesStore((s) => s.entries);
  const lookUp = useInvoicesStore((s) => s.lookUp);
  const setFilter = useInvoicesStore((s) => s.setFilter);
  const code = entries
    ?.map((e) => (e.fields.orderId === orderId ? e.externalIds.invoiceCode : undefined))
    .find((c): c is string => typeof c === 'string');
  return (
    <div className="notice notice--warn" role="alert" data-testid="invoice-duplicate" data-state="rejected">
      <p className="notice__title">An invoice with this order ID already exists.</p>
      <p>
        The service refused to create a second invoice for order <span className="mono">{orderId}</span>, and
        it does not send the first one again. What you typed is kept.
      </p>
      {code ? (
        <button
          type="button"
          className="button"
          onClick={() => void lookUp(code)}
          data-testid="invoice-duplicate-lookup"
        >
          Look up the existing invoice ({code})
        </button>
      ) : (
        <>
          <p>
            The invoices shown below do not include it. If this desk created it, the list finds it by its
            order ID; if it was created elsewhere, only its invoice code can look it up here (the service has
            no lookup by order ID). Or use a new order ID.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void setFilter({ ...NO_FILTER, orderId })}
            data-testid="invoice-duplicate-find"
          >
            Find order {orderId} among this desk’s invoices
          </button>
        </>
      )}
    </div>
  );
}

function OutcomeBody({ outcome, profile, names }: OutcomeProps & { outcome: CreateOutcome }) {
  const lookUp = useInvoicesStore((s) => s.lookUp);
  const check = useInvoicesStore((s) =>
    outcome.kind === 'unknown' ? s.checks[outcome.journalId] : undefined,
  );
  const environment: MoneyEnvironment = profile.environment;
  if (outcome.kind === 'unknown' && check?.status === 'done')
    return <CheckFound entry={check.entry} orderId={outcome.orderId} />;
  if (outcome.kind === 'unknown')
    return (
      <UnknownNotice title="We don’t know whether this invoice was created." testId="invoice-unknown" alert>
        <p>
          The service may or may not have created this invoice (order{' '}
          <span className="mono">{outcome.orderId}</span>, {formatDecimal(outcome.amount)} USD): its answer
          did not arrive. Merchant Desk will not try again on its own, and the form keeps what you typed.
        </p>
        <p>
          The service accepts each order ID once, so sending the same order ID again is a safe check: it
          either answers that the invoice exists, or creates it now. It never makes a second one. Do not
          create it again under a new order ID before checking. (Journal entry {outcome.journalId}.)
        </p>
        <SafeCheck journalId={outcome.journalId} orderId={outcome.orderId} />
      </UnknownNotice>
    );
  if (outcome.kind === 'duplicate') return <Duplicate orderId={outcome.orderId} />;
  if (outcome.kind === 'rejected')
    return (
      <ErrorNotice
        title="The invoice was not created."
        error={outcome.error}
        sent={
          outcome.journalId
            ? 'The service refused the request; no invoice exists. What you typed is kept.'
            : 'Nothing was sent. What you typed is kept.'
        }
      />
    );
  const { invoice, warnings } = outcome;
  return (
    <TitledSection name="invoice-result" className="panel invoice-result" title="Invoice created">
      <ProfileNote profile={profile} />
      <dl className="invoice-facts">
        <div>
          <dt>Invoice code</dt>
          <dd>
            {invoice.code ? (
              <>
                <span className="mono" data-testid="invoice-result-code">
                  {invoice.code}
                </span>{' '}
                <CopyButton text={invoice.code} what="invoice code" />
              </>
            ) : (
              'not in the answer'
            )}
          </dd>
        </div>
        <div>
          <dt>Order ID</dt>
          <dd className="mono">{invoice.orderId}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>
            <Amount value={invoice.amount} unit="USD" />
          </dd>
        </div>
        {invoice.payerAmount && invoice.payerAmount !== invoice.amount && (
          <div>
            <dt>The customer pays</dt>
            <dd>
              <Amount value={invoice.payerAmount} unit="USD" />
            </dd>
          </div>
        )}
        <div>
          <dt>Coin and network</dt>
          <dd>
            {invoice.coin && invoice.network
              ? `${invoice.coin.toUpperCase()} · ${names.get(invoice.network) ?? invoice.network.toUpperCase()}`
              : 'The customer chooses'}
          </dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>
            {invoice.expiresAt ? (
              <Countdown until={invoice.expiresAt} what="The invoice" />
            ) : (
              'not in the answer'
            )}
          </dd>
        </div>
      </dl>
      {warnings.length > 0 && (
        <div className="notice notice--warn" data-testid="invoice-result-warnings">
          <p className="notice__title">The service’s answer was not quite as documented:</p>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <h3>Checkout page</h3>
      {invoice.url ? (
        <CheckoutLink
          url={invoice.url}
          environment={environment}
          what={`the checkout page of invoice ${invoice.code ?? ''}`.trim()}
        />
      ) : (
        <p className="notice notice--warn">
          The answer carried no checkout address. Look the invoice up below, or open Journal entry{' '}
          {outcome.journalId}.
        </p>
      )}
      {invoice.code && (
        <button
          type="button"
          className="button"
          onClick={() => void lookUp(invoice.code!)}
          data-testid="invoice-result-lookup"
        >
          Look up its status
        </button>
      )}
    </TitledSection>
  );
}
