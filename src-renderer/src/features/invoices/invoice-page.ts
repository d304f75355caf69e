import type { InvoiceStanding, JournalEntry, JournalFilter } from '@contract';
import { dayStart } from '../../lib/day-start';
import { formatCount } from '../../lib/humanize';

/** Invoices shown at a time; the count says how many there are in all. */
export const INVOICE_PAGE_SIZE = 50;

/** What a person narrows the list by, as typed (days as yyyy-mm-dd, the end day included). */
export interface InvoiceListDraft {
  standing: InvoiceStanding | '';
  from: string;
  to: string;
  /** An order ID (or invoice code), or part of one, among the invoices this desk created. */
  orderId: string;
}

export const NO_FILTER: InvoiceListDraft = { standing: '', from: '', to: '', orderId: '' };

export const isFiltered = (draft: InvoiceListDraft) =>
  !!(draft.standing || draft.from || draft.to || draft.orderId.trim());

/** A reversed range is not sent: the list keeps its previous filter and the fields say why. */
export const badRange = (draft: InvoiceListDraft) => !!draft.from && !!draft.to && draft.to < draft.from;

/**
 * The journal filter the list reads with: this profile's invoices (main adds the profile), without
 * the refusals that only say an order already listed here has its invoice (a safe check's
 * re-submission is not an invoice of its own, issue 25).
 */
export function listFilter(draft: InvoiceListDraft): JournalFilter {
  const from = dayStart(draft.from);
  const to = dayStart(draft.to, 1);
  const text = draft.orderId.trim();
  return {
    operation: 'createInvoice',
    hideOrderRepeats: true,
    ...(draft.standing ? { invoice: draft.standing } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(text ? { text } : {}),
  };
}

/** Where the list stands: the page shown, how many match in all, and what arrived since it was read. */
export interface ListPosition {
  offset: number;
  total: number | null;
  /** The newest entry id when paging began: later pages are counted from it, so rows do not slide. */
  anchor: number | null;
  /** Matching invoices newer than the anchor that main counted when it answered. */
  newer: number;
  /** Ids of new invoices heard since (pushed by main), counted once each until the person shows them. */
  heardNew: readonly string[];
}

export const START: ListPosition = { offset: 0, total: null, anchor: null, newer: 0, heardNew: [] };

/**
 * A changed entry main pushed, applied to the page: replaced where it is shown (UX rule 10: in
 * place); a newer invoice is counted, not slid in, and shown when the person chooses to.
 */
export function withChange(
  entries: readonly JournalEntry[],
  position: ListPosition,
  entry: JournalEntry,
): { entries: readonly JournalEntry[]; position: ListPosition } {
  const at = entries.findIndex((e) => e.id === entry.id);
  if (at !== -1) return { entries: entries.map((e, i) => (i === at ? entry : e)), position };
  const isNew =
    entry.operation === 'createInvoice' &&
    position.anchor !== null &&
    Number(entry.id) > position.anchor &&
    !position.heardNew.includes(entry.id);
  return isNew
    ? { entries, position: { ...position, heardNew: [...position.heardNew, entry.id] } }
    : { entries, position };
}

const count = formatCount;

/** "Showing 51–100 of 1,234 invoices" (UX rule 7's grouping), or what there is when it fits one page. */
export function countLine(position: ListPosition, shown: number, filtered: boolean): string {
  const total = position.total ?? 0;
  const noun = total === 1 ? 'invoice' : 'invoices';
  const which = filtered ? ` that ${total === 1 ? 'matches' : 'match'} the filters` : '';
  if (total === 0) return filtered ? 'No invoice matches the filters.' : 'No invoices yet.';
  if (shown === total) return `${count(total)} ${noun}${which}.`;
  const first = position.offset + 1;
  return `Showing ${count(first)}–${count(position.offset + shown)} of ${count(total)} ${noun}${which}.`;
}

/** Invoices newer than the page, by main's count and by what was pushed since. */
export const newerCount = (position: ListPosition) => position.newer + position.heardNew.length;
