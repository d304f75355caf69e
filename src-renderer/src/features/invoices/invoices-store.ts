import { create } from 'zustand';
import type { CreateInvoiceInput, InvoiceLookupView, JournalEntry, WriteResult } from '@contract';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { createProfileLoader } from '../../lib/profile-loader';
import { emptyDraft, newOrderId, type InvoiceDraft } from './invoice-draft';
import { toOutcome, type CreateOutcome } from './invoice-outcome';
import { openCodes, type ReadStatus } from './row-status';
import { NO_FILTER, START, withChange, type InvoiceListDraft, type ListPosition } from './invoice-page';
import { createPageReads } from './invoice-page-reads';

export type LookupState =
  | { code: string; status: 'loading' }
  | { code: string; status: 'ready'; view: InvoiceLookupView; at: string; refreshError?: ErrorInfo }
  | { code: string; status: 'error'; error: ErrorInfo };

/** What "check safely" found for an unknown entry: the entry as resolved, or why it could not tell. */
export type CheckState =
  { status: 'checking' } | { status: 'done'; entry: JournalEntry } | { status: 'error'; error: ErrorInfo };

export type CardState =
  { status: 'creating' } | { status: 'done'; result: WriteResult } | { status: 'error'; error: ErrorInfo };

export interface InvoicesState {
  profileId: string | null;
  loading: boolean;
  /** The page of invoices shown, newest first (main's order). */
  entries: JournalEntry[] | null;
  error: ErrorInfo | null;
  /** The filters the page was read with. */
  filter: InvoiceListDraft;
  position: ListPosition;
  /** A page or filter change being read (the rows shown stay until it answers). */
  paging: boolean;
  /** What is typed in the form: kept across failures and across leaving the screen. */
  draft: InvoiceDraft;
  creating: boolean;
  outcome: CreateOutcome | null;
  lookup: LookupState | null;
  /** Per invoice code, the status the last lookup read. */
  read: Record<string, ReadStatus>;
  /** Per invoice code, why its last refresh failed (the status shown stays, marked stale). */
  refreshErrors: Record<string, ErrorInfo>;
  /** Per invoice code, a refresh from the list in flight. */
  refreshing: Record<string, boolean>;
  checks: Record<string, CheckState>;
  cards: Record<string, CardState>;
  /** Reads the page shown again, with a fresh anchor (the newest invoices counted anew). */
  load: (profileId: string | null) => Promise<void>;
  /** A changed entry pushed by main, whole: put in its place on the page, or counted as newer. */
  upsert: (entry: JournalEntry) => void;
  /** New filters: the first page of what they select. */
  setFilter: (filter: InvoiceListDraft) => Promise<void>;
  /** Another page of the same list (the same anchor: no row slides between pages). */
  goTo: (offset: number) => Promise<void>;
  /** The newest invoices, counted as newer since the list was read: the first page, read afresh. */
  showNewest: () => Promise<void>;
  setDraft: (patch: Partial<InvoiceDraft>) => void;
  create: (input: CreateInvoiceInput) => Promise<CreateOutcome | null>;
  /** A new attempt the form refused: the previous answer is no longer the one on screen. */
  clearOutcome: () => void;
  /** A lookup the box refused (no code): the previous invoice is no longer the one on screen. */
  clearLookup: () => void;
  lookUp: (code: string) => Promise<void>;
  refresh: (code: string) => Promise<void>;
  /** Re-reads, one after another, every invoice from this desk not known to be closed. */
  refreshOpen: () => Promise<void>;
  refreshingOpen: boolean;
  check: (journalId: string) => Promise<void>;
  cardOrder: (code: string) => Promise<void>;
}

const readStatus = (view: InvoiceLookupView): string | null =>
  typeof view.invoice.status === 'string' ? view.invoice.status : null;

export const useInvoicesStore = create<InvoicesState>()((set, get) => {
  const reads = createPageReads(get, set);
  const readPage = reads.readPage;

  const load = createProfileLoader<InvoicesState>(
    get,
    set,
    // Another profile's half-typed invoice and its options (a fixed coin, card payments) are not carried over.
    {
      entries: null,
      error: null,
      outcome: null,
      lookup: null,
      read: {},
      checks: {},
      cards: {},
      draft: emptyDraft(newOrderId()),
      filter: NO_FILTER,
      position: START,
    },
    async (isCurrent) => {
      reads.forgetHeard();
      await readPage(get().position.offset, undefined, isCurrent);
      if (isCurrent() && get().loading) set({ loading: false });
    },
  );
  /** A read the person asked for on the same profile: the rows shown stay until it answers. */
  const turnTo = async (offset: number, anchor: number | undefined) => {
    const { profileId } = get();
    set({ paging: true });
    await readPage(offset, anchor, () => get().profileId === profileId);
  };
  return {
    profileId: null,
    loading: false,
    entries: null,
    error: null,
    filter: NO_FILTER,
    position: START,
    paging: false,
    draft: emptyDraft(newOrderId()),
    creating: false,
    outcome: null,
    lookup: null,
    read: {},
    refreshing: {},
    refreshErrors: {},
    refreshingOpen: false,
    checks: {},
    cards: {},

    load,
    upsert: (entry) => {
      if (entry.profileId !== get().profileId) return;
      // A change heard while the page is read may predate the answer: applied on top of it then.
      if (get().loading || get().paging) reads.hold(entry);
      const { entries, position } = get();
      if (!entries) return;
      const next = withChange(entries, position, entry);
      if (next.entries !== entries || next.position !== position)
        set({ entries: [...next.entries], position: next.position });
    },
    setFilter: async (filter) => {
      set({ filter });
      await turnTo(0, undefined);
    },
    goTo: (offset) => turnTo(offset, get().position.anchor ?? undefined),
    showNewest: () => turnTo(0, undefined),

    setDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),

    create: async (input) => {
      // A second click while the first is on its way must not create a second invoice.
      if (get().creating) return null;
      set({ creating: true, outcome: null });
      const result = await callMerchant((api) => api.invoices.create(input));
      const outcome = toOutcome(input, result);
      // Only a created invoice starts the next one afresh: a new order id, and its options back to their
      // defaults, so a fixed coin or card payments chosen for one customer never carry over silently.
      if (outcome.kind === 'created') set({ creating: false, outcome, draft: emptyDraft(newOrderId()) });
      else set({ creating: false, outcome });
      if (result.ok) void get().load(get().profileId);
      return outcome;
    },

    clearOutcome: () => set({ outcome: null }),
    clearLookup: () => set({ lookup: null }),

    lookUp: async (code) => {
      const current = get().lookup;
      if (current?.status === 'loading' && current.code === code) return;
      // Looking up the invoice already shown refreshes it: its figures stay on screen meanwhile.
      if (current?.status === 'ready' && current.code === code) return get().refresh(code);
      set({ lookup: { code, status: 'loading' } });
      const result = await callMerchant((api) => api.invoices.get({ code }));
      // A newer lookup started meanwhile: this answer is no longer the one on screen.
      if (get().lookup?.code !== code) return;
      const at = new Date().toISOString();
      set((s) =>
        result.ok
          ? {
              lookup: { code, status: 'ready', view: result.data, at },
              read: { ...s.read, [code]: { status: readStatus(result.data), at } },
            }
          : { lookup: { code, status: 'error', error: result.error } },
      );
    },

    refresh: async (code) => {
      if (get().refreshing[code]) return;
      set((s) => ({ refreshing: { ...s.refreshing, [code]: true } }));
      const result = await callMerchant((api) => api.invoices.get({ code }));
      const at = new Date().toISOString();
      set((s) => {
        const { [code]: _cleared, ...refreshErrors } = s.refreshErrors;
        const shown = s.lookup?.code === code && s.lookup.status === 'ready' ? s.lookup : null;
        if (!result.ok)
          // What is on screen stays, marked stale with the reason: a failed refresh never blanks it.
          return {
            refreshing: { ...s.refreshing, [code]: false },
            refreshErrors: { ...refreshErrors, [code]: result.error },
            ...(shown ? { lookup: { ...shown, refreshError: result.error } } : {}),
          };
        return {
          refreshing: { ...s.refreshing, [code]: false },
          refreshErrors,
          read: { ...s.read, [code]: { status: readStatus(result.data), at } },
          // The lookup panel showing this invoice gets the fresh answer too.
          ...(s.lookup?.code === code
            ? { lookup: { code, status: 'ready' as const, view: result.data, at } }
            : {}),
        };
      });
    },

    refreshOpen: async () => {
      if (get().refreshingOpen) return;
      set({ refreshingOpen: true });
      // One at a time: a person's click must not become a burst of requests to the service.
      for (const code of openCodes(get().entries ?? [], get().read)) await get().refresh(code);
      set({ refreshingOpen: false });
    },

    check: async (journalId) => {
      if (get().checks[journalId]?.status === 'checking') return;
      set((s) => ({ checks: { ...s.checks, [journalId]: { status: 'checking' } } }));
      const result = await callMerchant((api) => api.journal.checkInvoice({ id: journalId }));
      set((s) => ({
        checks: {
          ...s.checks,
          [journalId]: result.ok
            ? { status: 'done', entry: result.data }
            : { status: 'error', error: result.error },
        },
      }));
      void get().load(get().profileId);
    },

    cardOrder: async (code) => {
      if (get().cards[code]?.status === 'creating') return;
      set((s) => ({ cards: { ...s.cards, [code]: { status: 'creating' } } }));
      const result = await callMerchant((api) => api.invoices.cardOrder({ code }));
      set((s) => ({
        cards: {
          ...s.cards,
          [code]: result.ok
            ? { status: 'done', result: result.data }
            : { status: 'error', error: result.error },
        },
      }));
    },
  };
});
