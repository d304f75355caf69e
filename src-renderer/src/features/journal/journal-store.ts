import { create } from 'zustand';
import type { JournalEntry, JournalEntryDetails, JournalFilter, JournalPage, ResponseOf } from '@contract';
import { upsertEntry } from '../../lib/entry-list';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';

/** Rows asked of main at a time: the list pages through main, never the whole journal over IPC. */
export const PAGE_SIZE = 100;

type Outcome<T> = { busy: boolean; result: T | null; error: ErrorInfo | null };
const idle = <T>(): Outcome<T> => ({ busy: false, result: null, error: null });

export interface JournalState {
  profileId: string | null;
  /** The filter the list shows (main applies it; the profile is always the active one). */
  filter: JournalFilter;
  total: number | null;
  anchor: number | null;
  newer: number;
  /** Main stopped counting past the page (the team ledger at a million entries): more than `total`. */
  totalIsCapped: boolean;
  newerIsCapped: boolean;
  pairs: JournalPage['pairs'];
  pages: Record<number, JournalEntry[]>;
  /** Unknown entries of this profile, pinned above the list: each needs a decision. */
  unknowns: JournalEntry[];
  loading: boolean;
  error: ErrorInfo | null;
  selectedId: string | null;
  details: { id: string; data: JournalEntryDetails | null; error: ErrorInfo | null } | null;
  verify: Outcome<ResponseOf<'journal:verify-chain'>>;
  /** When the last chain check answered: the result is true as of then, not forever. */
  verifiedAt: string | null;
  exported: Outcome<ResponseOf<'journal:export-csv'>>;
  resolving: Outcome<string>;
  open: (profileId: string | null) => Promise<void>;
  setFilter: (filter: JournalFilter) => Promise<void>;
  ensurePage: (index: number) => Promise<void>;
  /** New entries arrived: show them (the list is re-anchored at the newest). */
  showNewer: () => Promise<void>;
  /**
   * An entry changed (journal:changed, the entry whole): it takes its place on screen without
   * reordering anything, and a new one is counted, not slid in.
   */
  changed: (entry: JournalEntry) => Promise<void>;
  select: (id: string | null) => Promise<void>;
  verifyChain: () => Promise<void>;
  exportCsv: () => Promise<void>;
  resolveByPerson: (input: { performed: boolean; reason: string; name: string }) => Promise<boolean>;
  resolveByEvidence: (deliveryId: string) => Promise<boolean>;
  checkInvoice: () => Promise<boolean>;
}

/** Requests still on their way belong to a generation; a new filter or profile starts a new one. */
let generation = 0;
const inFlight = new Set<string>();
/** New entries already counted in `newer` (a second change of one is not a second new entry). */
let countedNewer = new Set<string>();

/**
 * Where a page starts: just below the last entry of the page above when that one is loaded (a keyset
 * cursor main finds through the index, however deep), else by counting (a jump down the scrollbar).
 */
function position(index: number, above: readonly JournalEntry[] | undefined) {
  const lastAbove = Number(above?.at(-1)?.id);
  return index > 0 && Number.isSafeInteger(lastAbove) && above!.length === PAGE_SIZE
    ? { before: lastAbove, offset: 0 }
    : { offset: index * PAGE_SIZE };
}

const withProfile = (filter: JournalFilter, profileId: string | null): JournalFilter =>
  profileId ? { ...filter, profileId } : filter;

export const useJournalStore = create<JournalState>()((set, get) => {
  async function loadPage(index: number, gen: number, anchor: number | undefined) {
    const key = `${gen}:${index}`;
    if (inFlight.has(key)) return;
    inFlight.add(key);
    const { filter, profileId, pages } = get();
    const result = await callMerchant((api) =>
      api.journal.page({
        filter: withProfile(filter, profileId),
        ...position(index, pages[index - 1]),
        limit: PAGE_SIZE,
        ...(anchor !== undefined ? { anchor } : {}),
      }),
    );
    inFlight.delete(key);
    if (gen !== generation) return;
    if (!result.ok) return set({ loading: false, error: result.error });
    const { entries, total, anchor: at, newer, pairs } = result.data;
    set((s) => ({
      loading: false,
      error: null,
      total,
      totalIsCapped: result.data.totalIsCapped === true,
      anchor: at,
      newer,
      newerIsCapped: result.data.newerIsCapped === true,
      pairs,
      pages: { ...s.pages, [index]: entries },
    }));
  }

  async function loadUnknowns(gen: number) {
    const result = await callMerchant((api) =>
      api.journal.page({ filter: withProfile({ state: 'unknown' }, get().profileId), limit: 50 }),
    );
    if (gen === generation && result.ok) set({ unknowns: result.data.entries });
  }

  /** Starts over from the newest entry: a new profile, filter, or "show new entries". */
  async function restart() {
    const gen = ++generation;
    countedNewer = new Set();
    set({
      pages: {},
      total: null,
      totalIsCapped: false,
      anchor: null,
      newer: 0,
      newerIsCapped: false,
      loading: true,
      exported: idle(),
    });
    await Promise.all([loadPage(0, gen, undefined), loadUnknowns(gen)]);
  }

  async function reloadDetails(id: string) {
    const result = await callMerchant((api) => api.journal.entry({ id }));
    if (get().selectedId !== id) return;
    set({
      details: result.ok ? { id, data: result.data, error: null } : { id, data: null, error: result.error },
    });
  }

  /** After a decision: the entry's details are read again; the list follows the push of the change. */
  async function afterResolve(id: string, entry: JournalEntry) {
    set({ resolving: idle() });
    await Promise.all([reloadDetails(id), get().changed(entry)]);
  }

  return {
    profileId: null,
    filter: {},
    total: null,
    totalIsCapped: false,
    anchor: null,
    newer: 0,
    newerIsCapped: false,
    pairs: [],
    pages: {},
    unknowns: [],
    loading: false,
    error: null,
    selectedId: null,
    details: null,
    verify: idle(),
    verifiedAt: null,
    exported: idle(),
    resolving: idle(),

    open: async (profileId) => {
      if (profileId !== get().profileId)
        set({ profileId, filter: {}, selectedId: null, details: null, verify: idle() });
      await restart();
    },
    setFilter: async (filter) => {
      set({ filter });
      await restart();
    },
    ensurePage: async (index) => {
      const { pages, anchor } = get();
      if (pages[index] || anchor === null) return;
      await loadPage(index, generation, anchor);
    },
    showNewer: restart,
    changed: async (entry) => {
      const { profileId, pages, anchor, filter, selectedId } = get();
      // Main pushes only the active profile's entries; one sent just before a switch is not this list's.
      if (entry.profileId !== profileId) return;
      const gen = generation;
      const shownOn = Object.keys(pages).find((i) => pages[Number(i)]!.some((e) => e.id === entry.id));
      set((s) => ({
        unknowns: upsertEntry(s.unknowns, entry, entry.state === 'unknown'),
        // Rows stay where they are: a changed entry is replaced in place.
        ...(shownOn === undefined
          ? {}
          : {
              pages: {
                ...s.pages,
                [shownOn]: s.pages[Number(shownOn)]!.map((e) => (e.id === entry.id ? entry : e)),
              },
            }),
      }));
      const isNew = shownOn === undefined && anchor !== null && Number(entry.id) > anchor;
      const work: Promise<void>[] = [];
      if (isNew && Object.keys(filter).length === 0) {
        // Every new entry of this profile matches an empty filter: counted here, no read needed.
        if (!countedNewer.has(entry.id)) {
          countedNewer.add(entry.id);
          set((s) => ({ newer: s.newer + 1 }));
        }
      } else if (isNew) {
        // Whether it matches the filter is main's to say: the first page's answer counts it.
        work.push(loadPage(0, gen, anchor));
      }
      if (selectedId === entry.id) work.push(reloadDetails(entry.id));
      await Promise.all(work);
    },
    select: async (id) => {
      set({ selectedId: id, details: id ? { id, data: null, error: null } : null, resolving: idle() });
      if (id) await reloadDetails(id);
    },
    verifyChain: async () => {
      if (get().verify.busy) return;
      set({ verify: { ...idle(), busy: true } });
      const result = await callMerchant((api) => api.journal.verifyChain());
      set({
        verify: result.ok ? { ...idle(), result: result.data } : { ...idle(), error: result.error },
        verifiedAt: new Date().toISOString(),
      });
    },
    exportCsv: async () => {
      if (get().exported.busy) return;
      set({ exported: { ...idle(), busy: true } });
      const { filter, profileId } = get();
      const result = await callMerchant((api) => api.journal.exportCsv(withProfile(filter, profileId)));
      set({ exported: result.ok ? { ...idle(), result: result.data } : { ...idle(), error: result.error } });
    },
    resolveByPerson: async ({ performed, reason, name }) => {
      const id = get().selectedId;
      if (!id || get().resolving.busy) return false;
      set({ resolving: { ...idle(), busy: true } });
      const result = await callMerchant((api) => api.journal.resolve({ id, performed, reason, name }));
      if (!result.ok) return (set({ resolving: { ...idle(), error: result.error } }), false);
      await afterResolve(id, result.data);
      return true;
    },
    resolveByEvidence: async (deliveryId) => {
      const id = get().selectedId;
      if (!id || get().resolving.busy) return false;
      set({ resolving: { ...idle(), busy: true } });
      const result = await callMerchant((api) => api.journal.resolveEvidence({ id, deliveryId }));
      if (!result.ok) return (set({ resolving: { ...idle(), error: result.error } }), false);
      await afterResolve(id, result.data);
      return true;
    },
    checkInvoice: async () => {
      const id = get().selectedId;
      if (!id || get().resolving.busy) return false;
      set({ resolving: { ...idle(), busy: true } });
      const result = await callMerchant((api) => api.journal.checkInvoice({ id }));
      if (!result.ok) return (set({ resolving: { ...idle(), error: result.error } }), false);
      await afterResolve(id, result.data);
      return true;
    },
  };
});
