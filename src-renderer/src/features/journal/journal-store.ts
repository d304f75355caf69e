import { create } from 'zustand';
import type { JournalEntry, JournalEntryDetails, JournalFilter, JournalPage, ResponseOf } from '@contract';
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
  /** An entry changed (journal:changed): refresh what is on screen without reordering it. */
  changed: (id: string) => Promise<void>;
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
/** The pages last scrolled to, newest last: the ones re-read when an entry changes. */
let recentPages: number[] = [0];
const RECENT = 4;

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
      anchor: at,
      newer,
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
    recentPages = [0];
    set({ pages: {}, total: null, anchor: null, newer: 0, loading: true, exported: idle() });
    await Promise.all([loadPage(0, gen, undefined), loadUnknowns(gen)]);
  }

  async function reloadDetails(id: string) {
    const result = await callMerchant((api) => api.journal.entry({ id }));
    if (get().selectedId !== id) return;
    set({
      details: result.ok ? { id, data: result.data, error: null } : { id, data: null, error: result.error },
    });
  }

  /** After a decision: the entry, the pinned list and the visible pages all follow. */
  async function afterResolve(id: string) {
    set({ resolving: idle() });
    await Promise.all([reloadDetails(id), get().changed(id)]);
  }

  return {
    profileId: null,
    filter: {},
    total: null,
    anchor: null,
    newer: 0,
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
      recentPages = [...recentPages.filter((p) => p !== index), index].slice(-RECENT);
      if (pages[index] || anchor === null) return;
      await loadPage(index, generation, anchor);
    },
    showNewer: restart,
    changed: async (id) => {
      const { anchor, pages, selectedId } = get();
      const gen = generation;
      // Rows stay where they are: an entry that changed is re-read in place; a new one is counted.
      // Only the pages in recent view are re-read; the others are dropped and read again on scroll,
      // so one change never costs a request per page a person has ever scrolled through.
      const keep = [...new Set([0, ...recentPages])].filter((index) => index === 0 || pages[index]);
      set({ pages: Object.fromEntries(keep.filter((i) => pages[i]).map((i) => [i, pages[i]!])) });
      await Promise.all([
        ...keep.map((index) => loadPage(index, gen, anchor ?? undefined)),
        loadUnknowns(gen),
        ...(selectedId === id ? [reloadDetails(id)] : []),
      ]);
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
      await afterResolve(id);
      return true;
    },
    resolveByEvidence: async (deliveryId) => {
      const id = get().selectedId;
      if (!id || get().resolving.busy) return false;
      set({ resolving: { ...idle(), busy: true } });
      const result = await callMerchant((api) => api.journal.resolveEvidence({ id, deliveryId }));
      if (!result.ok) return (set({ resolving: { ...idle(), error: result.error } }), false);
      await afterResolve(id);
      return true;
    },
    checkInvoice: async () => {
      const id = get().selectedId;
      if (!id || get().resolving.busy) return false;
      set({ resolving: { ...idle(), busy: true } });
      const result = await callMerchant((api) => api.journal.checkInvoice({ id }));
      if (!result.ok) return (set({ resolving: { ...idle(), error: result.error } }), false);
      await afterResolve(id);
      return true;
    },
  };
});
