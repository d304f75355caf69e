import { useEffect, useId, useRef, useState } from 'react';
import { DayRangeFields } from '../../components/forms/DayRangeFields';
import { ChoiceOptions, Field, SelectField } from '../../components/forms/Field';
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
  const [draft, setDraft] = useState<InvoiceListDraft>(applied);
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Filters set from elsewhere (a duplicate order's "find it") show in the fields too.
  useEffect(() => setDraft(applied), [applied]);

  const apply = (next: InvoiceListDraft, wait = 0) => {
    setDraft(next);
    clearTimeout(timer.current);
    if (badRange(next)) return;
    timer.current = setTimeout(() => void setFilter(next), wait);
  };
  const bound = (key: keyof InvoiceListDraft) => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) =>
      // The status select offers only the standings (or none): its value is one of them.
      apply({ ...draft, [key]: e.target.value } as InvoiceListDraft, key === 'orderId' ? 350 : 0),
    'data-testid': `invoice-filter-${key}`,
  });

  return (
    <form
      className="invoice-filters"
      aria-label="Filter the invoices"
      data-testid="invoice-filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
    >
      <Field
        label="Order ID"
        fieldClass="invoice-filters__order"
        type="search"
        {...bound('orderId')}
        placeholder="An order ID or invoice code, or part of one"
        maxLength={200}
      />
      <SelectField label="Status" {...bound('standing')}>
        <ChoiceOptions empty="All statuses" choices={STANDING_CHOICES} />
      </SelectField>
      <DayRangeFields from={bound('from')} to={bound('to')} badRange={badRange(draft)} />
      <div className="invoice-filters__actions">
        <button
          type="button"
          className="button"
          onClick={() => apply(NO_FILTER)}
          disabled={draft === NO_FILTER}
          data-testid="invoice-filters-clear"
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
