import type { ErrorInfo, JournalEntry } from '@contract';
import { callMerchant } from '../../lib/ipc';
import {
  INVOICE_PAGE_SIZE,
  listFilter,
  withChange,
  type InvoiceListDraft,
  type ListPosition,
} from './invoice-page';

/** The part of the invoices store a page read looks at and writes. */
interface PagedList {
  profileId: string | null;
  filter: InvoiceListDraft;
  loading: boolean;
  paging: boolean;
  error: ErrorInfo | null;
  entries: JournalEntry[] | null;
  position: ListPosition;
}

/**
 * How the invoice list reads its pages from main: one read at a time counts (a later one supersedes
 * it), and changes pushed while a page is read are applied on top of its answer, in the order they
 * came, since the answer may have been read in main before them.
 */
export function createPageReads(get: () => PagedList, set: (partial: Partial<PagedList>) => void) {
  let heard: JournalEntry[] = [];
  let reads = 0;

  /**
   * Reads one page of the list; `anchor` undefined takes a fresh one (the newest entry now). The
   * answer is dropped when a later read started meanwhile or `stillWanted` says the profile changed.
   */
  async function readPage(offset: number, anchor: number | undefined, stillWanted: () => boolean) {
    const read = ++reads;
    const current = () => read === reads && stillWanted();
    const result = await callMerchant((api) =>
      api.journal.page({
        filter: listFilter(get().filter),
        offset,
        limit: INVOICE_PAGE_SIZE,
        ...(anchor !== undefined ? { anchor } : {}),
      }),
    );
    if (!current()) return;
    if (!result.ok) {
      heard = [];
      set({ loading: false, paging: false, error: result.error });
      return;
    }
    const { total, newer } = result.data;
    // Main answers for the active profile; an entry of another never shows under this one's badge.
    const entries = result.data.entries.filter(
      (e) => e.operation === 'createInvoice' && e.profileId === get().profileId,
    );
    // Past the end (the list shrank since it was paged): the last page that has rows instead.
    if (result.data.entries.length === 0 && offset > 0 && total > 0) {
      const last = Math.floor((total - 1) / INVOICE_PAGE_SIZE) * INVOICE_PAGE_SIZE;
      return readPage(last, result.data.anchor, stillWanted);
    }
    let page: { entries: readonly JournalEntry[]; position: ListPosition } = {
      entries,
      position: { offset, total, anchor: result.data.anchor, newer, heardNew: [] },
    };
    for (const entry of heard) page = withChange(page.entries, page.position, entry);
    heard = [];
    set({ loading: false, paging: false, error: null, entries: [...page.entries], position: page.position });
  }

  return {
    readPage,
    hold: (entry: JournalEntry) => void heard.push(entry),
    forgetHeard: () => void (heard = []),
  };
}
