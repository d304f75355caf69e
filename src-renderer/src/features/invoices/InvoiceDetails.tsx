import type { InvoiceLookupView } from '@contract';
import { Badge } from '../../components/Badge';
import { CopyButton } from '../../components/CopyButton';
import { Countdown } from '../../components/Countdown';
import { Amount } from '../../components/Money';
import type { MoneyEnvironment } from '../../components/QrCode';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { CARD_CHECKOUT_MINIMUM_USD } from '@shared/domain/operations';
import { CardCheckout } from './CardCheckout';
import {
  cardCheckoutOffered,
  decimalOf,
  fieldOf,
  progressOf,
  textOf,
  type FieldRead,
} from './invoice-figures';
import { Fact, yesNo } from './InvoiceFact';
import { InvoiceExtras } from './InvoiceExtras';
import { invoiceStatusWords, isOpenStatus } from './invoice-words';
import { InvoicePayTo } from './InvoicePayTo';
import { InvoiceWho } from './InvoiceWho';
import { PaidProgress } from './PaidProgress';

interface Props {
  view: InvoiceLookupView;
  environment: MoneyEnvironment;
  names: ReadonlyMap<string, string>;
}

const usd = (value: unknown) => <Amount value={typeof value === 'string' ? value : null} unit="USD" />;
const time = (value: unknown) =>
  typeof value === 'string' ? <time dateTime={value}>{formatZonedDateTime(value)}</time> : 'not given';

/** Every field of a looked-up invoice in a readable layout, and what could not be read, in place. */
export function InvoiceDetails({ view, environment, names }: Props) {
  const f = (name: string): FieldRead => fieldOf(view, name);
  const status = textOf(f('status'));
  const words = invoiceStatusWords(status);
  const coin = textOf(f('coin'));
  const unit = coin?.toUpperCase() ?? null;
  const code = textOf(f('code'));
  const url = textOf(f('url'));
  const crypto = (value: unknown) =>
    unit ? <Amount value={typeof value === 'string' ? value : null} unit={unit} /> : 'no coin chosen yet';
  const byCrypto = unit
    ? progressOf(decimalOf(f('payed_crypto')), decimalOf(f('payer_amount_crypto')), status)
    : null;
  const byUsd = progressOf(
    decimalOf(f('payed_usd')),
    decimalOf(f('payer_amount_usd')) ?? decimalOf(f('amount_usd')),
    status,
  );
  const network = textOf(f('network'));
  const allowsCard = f('allow_card_payments').state === 'value' && view.invoice.allow_card_payments === true;
  return (
    <article className="invoice-details" data-testid="invoice-details" data-status={status ?? 'unknown'}>
      <div className="invoice-details__head">
        <h3>Invoice {code ?? '(code not readable)'}</h3>
        <Badge tone={words.tone} testId="invoice-status">
          {words.text}
        </Badge>
      </div>
      <p className="muted">{words.hint}</p>
      {byCrypto && unit ? (
        <PaidProgress
          progress={byCrypto}
          unit={unit}
          network={network ? (names.get(network) ?? network) : undefined}
        />
      ) : (
        byUsd && <PaidProgress progress={byUsd} unit="USD" />
      )}
      <dl className="invoice-facts">
        <Fact label="Order ID" read={f('order_id')} />
        <Fact label="Merchant" read={f('merchant_name')} />
        <Fact label="Invoice amount" read={f('amount_usd')}>
          {usd}
        </Fact>
        <Fact label="The customer pays" read={f('payer_amount_usd')}>
          {usd}
        </Fact>
        <Fact label="Paid so far" read={f('payed_usd')} testId="fact-paid-usd">
          {usd}
        </Fact>
        <Fact label="Full amount with fees" read={f('full_amount_usd')}>
          {usd}
        </Fact>
        <Fact label="Amount in coin" read={f('amount_crypto')}>
          {crypto}
        </Fact>
        <Fact label="Paid in coin" read={f('payed_crypto')}>
          {crypto}
        </Fact>
        <Fact label="Service fee" read={f('fee_crypto')}>
          {crypto}
        </Fact>
        <Fact label="Network fee" read={f('network_fee_crypto')}>
          {crypto}
        </Fact>
        <Fact label="Customer pays the service fee" read={f('is_customer_fee')}>
          {yesNo}
        </Fact>
        <Fact label="Customer pays the network fee" read={f('is_customer_network_fee')}>
          {yesNo}
        </Fact>
        <Fact label="Card payments allowed" read={f('allow_card_payments')}>
          {yesNo}
        </Fact>
        <Fact label="Created" read={f('created_at')}>
          {time}
        </Fact>
        <Fact label={isOpenStatus(status) ? 'Expires' : 'Expiry'} read={f('expired_at')}>
          {(v) =>
            typeof v === 'string' && isOpenStatus(status) ? (
              <Countdown until={v} what="The invoice" />
            ) : (
              time(v)
            )
          }
        </Fact>
        <Fact label="Finished" read={f('finished_at')}>
          {(v) => (v === null ? 'not yet' : time(v))}
        </Fact>
        <Fact label="After payment, the customer goes to" read={f('success_url')} />
        <Fact label="If the customer cancels, to" read={f('cancel_url')} />
        <Fact label="Invoice id" read={f('id')} />
      </dl>
      {url && (
        <p className="invoice-details__url">
          Checkout page: <span className="mono">{url}</span> <CopyButton text={url} what="checkout address" />
        </p>
      )}
      <InvoicePayTo view={view} environment={environment} names={names} />
      {code && allowsCard && (
        <CardCheckout
          code={code}
          offered={cardCheckoutOffered(view)}
          reason={
            isOpenStatus(status)
              ? `Card checkout needs at least ${CARD_CHECKOUT_MINIMUM_USD} USD still due; the customer can pay the rest in crypto.`
              : 'This invoice is closed, so no card checkout can start.'
          }
          environment={environment}
        />
      )}
      <InvoiceExtras view={view} />
      {code && <InvoiceWho code={code} status={status} />}
    </article>
  );
}
