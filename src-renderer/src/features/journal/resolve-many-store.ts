import { create } from 'zustand';
import type { ResponseOf } from '@contract';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import type { Decision } from './PersonDecision';
import { useJournalStore } from './journal-store';

type Answer = ResponseOf<'journal:resolve-many'>;

export interface ResolveManyState {
  /** The profile the choice and the answer were made on. */
  profileId: string | null;
  /** Unknown entries chosen in the pinned list, to be decided together. */
  chosen: string[];
  busy: boolean;
  /** Main's answer for each entry of the last decision: resolved, or why not. */
  answer: Answer | null;
  error: ErrorInfo | null;
  toggle: (id: string) => void;
  choose: (ids: string[]) => void;
  /** These entries, one decision for all; those main could not resolve stay chosen. */
  decide: (ids: string[], decision: Decision) => Promise<void>;
  /** Nothing chosen and no answer, for this profile. */
  reset: (profileId: string | null) => void;
}

const initial = { profileId: null, chosen: [], busy: false, answer: null, error: null };

export const useResolveManyStore = create<ResolveManyState>()((set, get) => ({
  ...initial,
  toggle: (id) =>
    set((s) => ({ chosen: s.chosen.includes(id) ? s.chosen.filter((c) => c !== id) : [...s.chosen, id] })),
  choose: (ids) => set({ chosen: ids }),
  decide: async (ids, decision) => {
    if (get().busy || ids.length === 0) return;
    set({ busy: true, answer: null, error: null });
    const result = await callMerchant((api) => api.journal.resolveMany({ ids, ...decision }));
    if (!result.ok) return set({ busy: false, error: result.error });
    const { changed } = useJournalStore.getState();
    // Each resolved entry leaves the pinned list and takes its new state in the list, as a push would do.
    await Promise.all(result.data.results.flatMap((r) => (r.ok ? [changed(r.entry)] : [])));
    set({
      busy: false,
      answer: result.data,
      chosen: result.data.results.filter((r) => !r.ok).map((r) => r.id),
    });
  },
  reset: (profileId) => set({ ...initial, profileId }),
}));
