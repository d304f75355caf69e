import { moneyProfileOf } from '../../components/forms/FormActions';
import { useMemo } from 'react';
import { useDeskRecords } from '../../lib/use-desk-records';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ReadStateNotices, RefreshButton } from '../../components/StateViews';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { useRecordsFrom } from '../../stores/use-records-from';
import { CreateInvoiceForm } from './CreateInvoiceForm';
import { InvoiceList } from './InvoiceList';
import { InvoiceListFilters } from './InvoiceListFilters';
import { InvoicePager, NewerInvoices } from './InvoicePager';
import { InvoiceLookup } from './InvoiceLookup';
import { InvoiceOutcome } from './InvoiceOutcome';
import { useInvoicesStore } from './invoices-store';
import './invoices.css';
import { WriteArea } from '../../components/WriteArea';

/** Invoices: create one, see what came of it, look any up by code, and follow the ones made here. */
export function InvoicesScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const profile = useShellStore(selectActiveProfile);
  const refreshOpen = useInvoicesStore((s) => s.refreshOpen);
  const refreshingOpen = useInvoicesStore((s) => s.refreshingOpen);
  const filter = useInvoicesStore((s) => s.filter);
  const desk = useDeskRecords(useInvoicesStore, profileId, (s) => s.entries);
  const { state, records: entries } = desk;
  const names = useNetworkNames();
  // Main's answer for this person on a team: a viewer is offered no form, only why and who can.
  const refused = useRefusedWrite('invoices');
  const from = useRecordsFrom();

  const active = useMemo(() => (profile ? moneyProfileOf(profile) : null), [profile]);

  return (
    <section className="screen invoices" data-testid="invoices-screen" data-state={state}>
      <ScreenHeader title="Invoices" />
      {active && (
        <WriteArea area="invoices" refused={refused} className="invoices__create form-beside">
          <CreateInvoiceForm profile={active} />
          <InvoiceOutcome profile={active} names={names} />
        </WriteArea>
      )}
      <section aria-labelledby="invoices-created" className="invoices__list">
        <div className="invoices__list-head">
          <h2 id="invoices-created">Invoices created {from}</h2>
          <div className="invoices__list-actions">
            <button
              type="button"
              className="button"
              onClick={() => void refreshOpen()}
              disabled={refreshingOpen || !entries?.length}
              aria-busy={refreshingOpen}
              data-testid="invoices-refresh-open"
            >
              {refreshingOpen ? 'Reading statuses…' : 'Re-read open invoices’ statuses'}
            </button>
            <RefreshButton onClick={desk.reload} busy={desk.loading} />
          </div>
        </div>
        <InvoiceListFilters />
        <NewerInvoices />
        <ReadStateNotices
          state={state}
          what="The invoice list"
          error={desk.error}
          since={null}
          onRetry={desk.reload}
          retrying={desk.loading}
          skeleton={{ rows: 3, columns: 4, label: 'Loading invoices…' }}
        />
        {entries && state !== 'error' && (
          <>
            {entries.length > 0 && <InvoicePager shown={entries.length} />}
            <InvoiceList entries={entries} filter={filter} />
          </>
        )}
      </section>
      {active && <InvoiceLookup environment={active.environment} names={names} />}
    </section>
  );
}
