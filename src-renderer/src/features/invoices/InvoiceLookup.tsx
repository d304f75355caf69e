import { useEffect, useRef, useState, type FormEvent } from 'react';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import type { MoneyEnvironment } from '../../components/QrCode';
import {
  AsOf,
  ErrorNotice,
  LoadingSkeleton,
  NOTHING_SENT,
  RefreshButton,
  StaleFigures,
  StaleNotice,
} from '../../components/StateViews';
import { useRecordsFrom } from '../../stores/use-records-from';
import { InvoiceDetails } from './InvoiceDetails';
import { invoiceStatusWords } from './invoice-words';
import { useInvoicesStore } from './invoices-store';

/**
 * Look an invoice up by its code (a public read: nothing is sent that changes anything). A lookup
 * started elsewhere on the screen (the result card, the list) lands here too, and focus follows it.
 */
export function InvoiceLookup({
  environment,
  names,
}: {
  environment: MoneyEnvironment;
  names: ReadonlyMap<string, string>;
}) {
  const lookup = useInvoicesStore((s) => s.lookup);
  const lookUp = useInvoicesStore((s) => s.lookUp);
  const clearLookup = useInvoicesStore((s) => s.clearLookup);
  const refresh = useInvoicesStore((s) => s.refresh);
  const refreshing = useInvoicesStore((s) => (lookup ? !!s.refreshing[lookup.code] : false));
  const entries = useInvoicesStore((s) => s.entries);
  const from = useRecordsFrom();
  const [code, setCode] = useState(lookup?.code ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const region = useRef<HTMLDivElement>(null);
  const shownCode = useRef(lookup?.code);

  // A lookup asked for from elsewhere: its code goes into the box and the result is brought into view.
  useEffect(() => {
    if (lookup && lookup.code !== shownCode.current) {
      setCode(lookup.code);
      region.current?.focus();
    }
    shownCode.current = lookup?.code;
  }, [lookup]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Codes are written in capitals; a pasted one often carries spaces (issue 25).
    const normalised = code.trim().toUpperCase();
    setProblem(
      normalised ? undefined : 'Enter the invoice code, e.g. from the result above or the list below.',
    );
    if (normalised) {
      setCode(normalised);
      void lookUp(normalised);
    } else clearLookup();
  };
  const known = [
    ...new Set((entries ?? []).map((e) => e.externalIds.invoiceCode).filter((c) => typeof c === 'string')),
  ];

  return (
    <section
      className="panel invoice-lookup"
      aria-labelledby="invoice-lookup-title"
      data-testid="invoice-lookup"
    >
      <h2 id="invoice-lookup-title">Look up an invoice</h2>
      <form className="form form--row invoice-lookup__form" onSubmit={submit} noValidate>
        <Field
          id="invoice-lookup-code"
          label="Invoice code"
          {...bindValue(code, setCode)}
          error={problem}
          list="invoice-known-codes"
          {...EXACT_TEXT}
          data-testid="invoice-lookup-code"
        />
        <datalist id="invoice-known-codes">
          {known.map((c) => (
            <option key={c as string} value={c as string} />
          ))}
        </datalist>
        <button type="submit" className="button button--primary" data-testid="invoice-lookup-submit">
          Look up
        </button>
      </form>
      <div
        ref={region}
        tabIndex={-1}
        className="invoice-lookup__result"
        aria-busy={lookup?.status === 'loading'}
      >
        <p role="status" className="visually-hidden">
          {lookup?.status === 'ready'
            ? `Invoice ${lookup.code}: ${invoiceStatusWords(typeof lookup.view.invoice.status === 'string' ? lookup.view.invoice.status : null).text}.`
            : lookup?.status === 'error'
              ? lookup.error.httpStatus === 404
                ? `No invoice with this code: ${lookup.code}.`
                : `Invoice ${lookup.code} could not be looked up.`
              : ''}
        </p>
        {lookup?.status === 'loading' && (
          <LoadingSkeleton rows={4} columns={2} label={`Looking up invoice ${lookup.code}…`} />
        )}
        {lookup?.status === 'error' && lookup.error.httpStatus === 404 && (
          // The service answered: it knows no such invoice. A mistyped code, not a refusal or an outage.
          <div className="notice notice--warn" role="alert" data-testid="invoice-lookup-not-found">
            <p className="notice__title">
              No invoice with this code: <span className="mono">{lookup.code}</span>
            </p>
            <p>
              Check the code: it is shown when the invoice is created, and with each invoice in “Invoices
              created {from}”. Nothing was sent or changed.
            </p>
          </div>
        )}
        {lookup?.status === 'error' && lookup.error.httpStatus !== 404 && (
          <ErrorNotice
            title={`Invoice ${lookup.code} could not be looked up.`}
            error={lookup.error}
            sent={NOTHING_SENT}
            onRetry={() => void lookUp(lookup.code)}
          />
        )}
        {lookup?.status === 'ready' && (
          <>
            {lookup.refreshError && (
              <StaleNotice
                what={`Invoice ${lookup.code}’s figures`}
                since={lookup.at}
                error={lookup.refreshError}
                onRetry={() => void refresh(lookup.code)}
                retrying={refreshing}
              />
            )}
            <div className="invoice-lookup__asof">
              <span className="muted">
                Read <AsOf at={lookup.at} />
              </span>
              <RefreshButton
                onClick={() => void refresh(lookup.code)}
                busy={refreshing}
                testId="invoice-lookup-refresh"
              />
            </div>
            <StaleFigures stale={!!lookup.refreshError}>
              <InvoiceDetails view={lookup.view} environment={environment} names={names} />
            </StaleFigures>
          </>
        )}
      </div>
    </section>
  );
}
