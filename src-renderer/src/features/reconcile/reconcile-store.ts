import { create } from 'zustand';
import type { ReconSessionView } from '@contract';
import { announce } from '../../components/announcer';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';

type Busy = 'start' | 'refresh' | 'review' | 'close' | 'export' | null;

export interface ReconcileState {
  session: ReconSessionView | null;
  error: ErrorInfo | null;
  /** A refused review or close: shown beside its form, the figures stay. */
  actionError: ErrorInfo | null;
  busy: Busy;
  exported: { path: string; summaryPath: string; rows: number } | null;
  /** Earlier sessions of the active profile, newest first. */
  earlier: { id: string; period: { from: string; to: string }; state: 'open' | 'closed' }[];
  loadEarlier: () => Promise<void>;
  open: (id: string) => Promise<void>;
  start: (from: string, to: string) => Promise<void>;
  refresh: () => Promise<void>;
  review: (itemKey: string, note: string, name: string) => Promise<boolean>;
  close: (name: string, note: string, withExceptions: boolean) => Promise<boolean>;
  exportReport: () => Promise<void>;
  reset: () => void;
}

export const useReconcileStore = create<ReconcileState>()((set, get) => {
  /** Runs one action; its answer replaces the session (the figures are main's, never patched here). */
  async function act(busy: Exclude<Busy, null>, call: () => ReturnType<typeof callSession>, spoken: string) {
    set({ busy, actionError: null });
    const result = await call();
    if (result.ok) {
      set({ session: result.data, busy: null, error: null });
      announce(spoken);
      return true;
    }
    set(busy === 'start' ? { error: result.error, busy: null } : { actionError: result.error, busy: null });
    return false;
  }
  const callSession = (fn: Parameters<typeof callMerchant<ReconSessionView>>[0]) =>
    callMerchant<ReconSessionView>(fn);
  const id = () => get().session?.id ?? '';

  return {
    session: null,
    error: null,
    actionError: null,
    busy: null,
    exported: null,
    earlier: [],
    loadEarlier: async () => {
      const result = await callMerchant((api) => api.reconcile.list());
      if (result.ok) set({ earlier: result.data.sessions });
    },
    open: async (sessionId) => {
      set({ exported: null });
      await act(
        'start',
        () => callSession((api) => api.reconcile.get({ id: sessionId })),
        `Session ${sessionId} opened.`,
      );
    },
    start: async (from, to) => {
      set({ exported: null });
      await act('start', () => callSession((api) => api.reconcile.start({ from, to })), 'Session started.');
      await get().loadEarlier();
    },
    refresh: async () => {
      if (!get().session) return;
      await act('refresh', () => callSession((api) => api.reconcile.get({ id: id() })), 'Figures refreshed.');
    },
    review: (itemKey, note, name) =>
      act(
        'review',
        () => callSession((api) => api.reconcile.review({ id: id(), itemKey, note, name })),
        'Marked reviewed.',
      ),
    close: (name, note, withExceptions) =>
      act(
        'close',
        () => callSession((api) => api.reconcile.close({ id: id(), name, note, withExceptions })),
        withExceptions ? 'Session closed with exceptions.' : 'Session closed.',
      ),
    exportReport: async () => {
      set({ busy: 'export', actionError: null });
      const result = await callMerchant((api) => api.reconcile.export({ id: id() }));
      if (!result.ok) return set({ busy: null, actionError: result.error });
      const { path, summaryPath, rows } = result.data;
      set({ busy: null, exported: path && summaryPath ? { path, summaryPath, rows } : null });
      if (path) announce(`Report saved: ${rows} rows.`);
    },
    reset: () => set({ session: null, error: null, actionError: null, busy: null, exported: null }),
  };
});
