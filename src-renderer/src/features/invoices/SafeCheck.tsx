import type { JournalEntry } from '@contract';
import { ErrorNotice } from '../../components/StateViews';
import { isRecord } from '../../lib/shape';
import { useInvoicesStore } from './invoices-store';
import { useRefusedWrite } from '../../stores/use-refused-write';

/** The entry id the check created, when re-submitting created the invoice (evidence order-id-accepted). */
function createdEntryId(entry: JournalEntry): string | null {
  const evidence = isRecord(entry.resolution) ? entry.resolution.evidence : null;
  return isRecord(evidence) && evidence.entryId !== undefined ? String(evidence.entryId) : null;
}

export function CheckFound({ entry, orderId }: { entry: JournalEntry; orderId: string }) {
  const entries = useInvoicesStore((s) => s.entries);
  const lookUp = useInvoicesStore((s) => s.lookUp);
  if (entry.state === 'resolved-performed')
    return (
      <div className="notice notice--good" role="status" data-testid="invoice-check-found">
        <p className="notice__title">The invoice exists: the first attempt did create it.</p>
        <p>
          Re-submitting order {orderId} was refused as a duplicate, which proves it. Journal entry {entry.id}{' '}
          is now recorded as created. Do not create it again: the order ID is taken, and the same order under
          a new ID would be a second invoice for one sale.
        </p>
        <p>
          What this desk cannot do: show its code, status or payment link. The first answer never arrived, the
          refusal does not repeat it, and the service has no lookup by order ID. What it can do: record the
          invoice’s status here when the service reports it paid or expired by webhook. To see it now, find
          order {orderId} where your merchant account lists its invoices, then look it up by its code below.
        </p>
      </div>
    );
  if (entry.state === 'resolved-not-performed') {
    const id = createdEntryId(entry);
    const created = entries?.find((e) => e.id === id);
    const code =
      typeof created?.externalIds.invoiceCode === 'string' ? created.externalIds.invoiceCode : null;
    return (
      <div className="notice notice--good" role="status" data-testid="invoice-check-created">
        <p className="notice__title">The first attempt had not created it; the check created it now.</p>
        <p>
          Order {orderId} is now invoice {code ?? '(code not known yet)'}
          {id ? `, journal entry ${id}` : ''}. There is exactly one invoice for this order.
        </p>
        {code && (
          <button type="button" className="button" onClick={() => void lookUp(code)}>
            Look up invoice {code}
          </button>
        )}
      </div>
    );
  }
  return (
    <p role="status" data-testid="invoice-check-still">
      The entry is {entry.state}; nothing more could be learned.
    </p>
  );
}

/**
 * "Check safely": send the same order ID again (journal:check-invoice). The service accepts each
 * order ID once, so this cannot make a second invoice: a duplicate answer proves the first exists,
 * a new invoice proves it did not. Any other answer proves nothing, and says so.
 */
export function SafeCheck({ journalId, orderId }: { journalId: string; orderId: string }) {
  const state = useInvoicesStore((s) => s.checks[journalId]);
  const check = useInvoicesStore((s) => s.check);
  const busy = state?.status === 'checking';
  // The re-submission creates an invoice if none existed: main says whether this person may.
  const refused = useRefusedWrite('invoices');
  return (
    <div className="safe-check">
      {refused && state?.status !== 'done' && (
        <p className="muted" data-testid="invoice-check-not-allowed">
          {refused}
        </p>
      )}
      {!refused && state?.status !== 'done' && (
        <button
          type="button"
          className="button"
          onClick={() => void check(journalId)}
          disabled={busy}
          aria-busy={busy}
          data-testid="invoice-check"
        >
          {busy ? 'Checking…' : 'Check safely by re-submitting the same order ID'}
        </button>
      )}
      {state?.status === 'done' && <CheckFound entry={state.entry} orderId={orderId} />}
      {state?.status === 'error' && (
        <ErrorNotice
          title="The check could not tell whether the invoice exists."
          error={state.error}
          sent="The re-submission is recorded in the Journal; this invoice stays unknown. Try the check again later."
        />
      )}
    </div>
  );
}
