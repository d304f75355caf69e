import { useEffect } from 'react';
import { DayRangeFields } from '../../components/forms/DayRangeFields';
import { ChoiceField } from '../../components/forms/Field';
import { useFilterDraft } from '../../components/forms/filter-draft';
import { FilterForm, SearchFilter } from '../../components/forms/FilterForm';
import { badRange, NO_FILTER, type InvoiceListDraft } from './invoice-page';
import { STANDING_WORDS } from './invoice-words';
import { useInvoicesStore } from './invoices-store';

const STANDING_CHOICES = Object.entries(STANDING_WORDS).map(([value, label]) => ({ value, label }));

/**
 * The list's filters: status, creation days and an order ID. They apply as they change; typed text
 * waits for a pause so each key does not ask main. The order ID is looked for among the invoices
 * this desk created (its journal): the service itself has no lookup by order ID.
 */
export function InvoiceListFilters() {
  const applied = useInvoicesStore((s) => s.filter);
  const setFilter = useInvoicesStore((s) => s.setFilter);
  const { draft, setDraft, bound, form } = useFilterDraft<InvoiceListDraft>({
    empty: NO_FILTER,
    initial: applied,
    prefix: 'invoice',
    typed: 'orderId',
    reversed: badRange,
    send: (next) => void setFilter(next),
  });
  // Filters set from elsewhere (a duplicate order's "find it") show in the fields too.
  useEffect(() => setDraft(applied), [applied, setDraft]);

  return (
    <FilterForm name="invoice" label="Filter the invoices" grid {...form}>
      <SearchFilter
        label="Order ID"
        placeholder="An order ID or invoice code, or part of one"
        {...bound('orderId')}
      />
      <ChoiceField label="Status" empty="All statuses" choices={STANDING_CHOICES} {...bound('standing')} />
      <DayRangeFields from={bound('from')} to={bound('to')} badRange={badRange(draft)} />
    </FilterForm>
  );
}
