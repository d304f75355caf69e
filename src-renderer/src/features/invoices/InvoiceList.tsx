import type { JournalEntry } from '@contract';
import { Badge } from '../../components/Badge';
import { Amount } from '../../components/Money';
import { EmptyState } from '../../components/StateViews';
import { plainError } from '../../lib/plain-error';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { isFiltered, type InvoiceListDraft } from './invoice-page';
import { useInvoicesStore } from './invoices-store';
import { rowStatus } from './row-status';
import { SafeCheck } from './SafeCheck';
import { RECORDS_FROM, useRecordsScope } from '../../stores/use-records-from';
import { useRefusedWrite } from '../../stores/use-refused-write';

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

function InvoiceRow({ entry }: { entry: JournalEntry }) {
  const code = text(entry.externalIds.invoiceCode);
  const read = useInvoicesStore((s) => (code ? s.read[code] : undefined));
  const busy = useInvoicesStore((s) => (code ? !!s.refreshing[code] : false));
  const refresh = useInvoicesStore((s) => s.refresh);
  const lookUp = useInvoicesStore((s) => s.lookUp);
  const refreshError = useInvoicesStore((s) => (code ? s.refreshErrors[code] : undefined));
  const checked = useInvoicesStore((s) => s.checks[entry.id] !== undefined);
  const orderId = text(entry.fields.orderId) ?? '(no order ID)';
  const shown = rowStatus(entry, read);
  return (
    <li
      className="invoice-row panel"
      data-testid="invoice-row"
      data-state={entry.state}
      data-status={shown.status}
    >
      <div className="invoice-row__head">
        {code ? (
          <strong className="mono">{code}</strong>
        ) : (
          <span className="muted">{entry.state === 'rejected' ? 'No invoice' : 'Code not known'}</span>
        )}
        <span>
          Order <span className="mono">{orderId}</span>
        </span>
        <Amount value={text(entry.fields.amount)} unit="USD" />
        <Badge tone={shown.tone} testId="invoice-row-status">
          {shown.text}
        </Badge>
        <span className="muted">{formatZonedDateTime(entry.createdAt)}</span>
      </div>
      {code && (
        <div className="form__actions">
          <button
            type="button"
            className="button"
            onClick={() => void refresh(code)}
            disabled={busy}
            aria-busy={busy}
            data-testid="invoice-row-refresh"
          >
            {busy ? 'Refreshing…' : 'Refresh status'}
            <span className="visually-hidden"> of invoice {code}</span>
          </button>
          <button type="button" className="button" onClick={() => void lookUp(code)}>
            Show details<span className="visually-hidden"> of invoice {code}</span>
          </button>
          {read && <span className="muted">status read {formatZonedDateTime(read.at)}</span>}
        </div>
      )}
      {refreshError && (
        <p className="invoice-row__stale" role="status" data-testid="invoice-row-stale">
          Could not refresh: {plainError(refreshError).cause} The status shown is the last one known.
        </p>
      )}
      {/* The check's finding stays with its row once the row is no longer unknown. */}
      {(entry.state === 'unknown' || checked) && <SafeCheck journalId={entry.id} orderId={orderId} />}
    </li>
  );
}

/** Why the list is empty, and what to do: nothing created yet, or nothing the filters select. */
function NoInvoices({ filter }: { filter: InvoiceListDraft }) {
  const orderId = filter.orderId.trim();
  const others = isFiltered({ ...filter, orderId: '' });
  const scope = useRecordsScope();
  const from = RECORDS_FROM[scope];
  const offered = useRefusedWrite('invoices') === null;
  // The order ID is searched among the listed invoices (this desk's, or its team's): the service has no
  // such lookup.
  const whereElse = (
    <p>
      Only the invoices created {from} are searched: the service cannot look an invoice up by its order ID.
      One created elsewhere (the service’s dashboard{scope === 'desk' && ', another desk'}) can be looked up
      by its invoice code below.
    </p>
  );
  if (orderId && !others)
    return (
      <EmptyState title={`No invoice ${from} has an order ID or code containing “${orderId}”.`}>
        {whereElse}
      </EmptyState>
    );
  if (others || orderId)
    return (
      <EmptyState title="No invoice matches the filters.">
        <p>Change or clear the filters to see the other invoices.</p>
        {orderId && whereElse}
      </EmptyState>
    );
  return (
    <EmptyState title={`No invoices created ${from} yet.`}>
      <p>
        {offered
          ? 'Create one above; it will be listed here, newest first, with its last known status.'
          : 'Those the team creates will be listed here, newest first, with their last known status.'}
      </p>
    </EmptyState>
  );
}

export function InvoiceList({
  entries,
  filter,
}: {
  entries: readonly JournalEntry[];
  filter: InvoiceListDraft;
}) {
  if (entries.length === 0) return <NoInvoices filter={filter} />;
  return (
    <ol className="invoice-list" data-testid="invoice-list">
      {entries.map((entry) => (
        <InvoiceRow key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}
