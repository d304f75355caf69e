import { create } from 'zustand';
import type { ReconSessionView } from '@contract';
import { announce } from '../../components/announcer';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';

type Busy = 'start' | 'refresh' | 'review' | 'close' | 'export' | null;

/** The guided month-end close's steps, in order: coverage comes before anything else. */
export type GuideStep = NonNullable<ReconSessionView['steps']>['next'];
export const GUIDE_STEPS: readonly GuideStep[] = ['coverage', 'open-items', 'differences', 'close'];

/** A calendar month ("2026-10") as a period in this computer's time zone: its first moment to the next month's. */
export function monthPeriod(month: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11) return null;
  return {
    from: new Date(year, index, 1).toISOString(),
    to: new Date(year, index + 1, 1).toISOString(),
  };
}

/**
 * Last month, as an <input type="month"> value: the month a month-end close is usually for. ISO
 * ("2026-10") whatever the Region: that is the only value the input takes.
 */
export function lastMonth(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

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
  /** One note for several items, recorded item by item; stops at the first refusal. */
  reviewAll: (itemKeys: readonly string[], note: string, name: string) => Promise<boolean>;
  close: (name: string, note: string, withExceptions: boolean) => Promise<boolean>;
  exportReport: () => Promise<void>;
  reset: () => void;
  /** The guided month-end close, while a person is in it: the month and the step shown. */
  guide: { month: string; step: GuideStep | null } | null;
  openGuide: () => void;
  leaveGuide: () => void;
  setGuide: (patch: Partial<{ month: string; step: GuideStep | null }>) => void;
  /** Opens the month's open session if there is one, else starts one for it. */
  startMonth: (month: string) => Promise<void>;
  /** A balance read now, where main says it covers an unseen end of the period. */
  snapshotNow: () => Promise<boolean>;
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
    reviewAll: async (itemKeys, note, name) => {
      for (const itemKey of itemKeys) if (!(await get().review(itemKey, note, name))) return false;
      return true;
    },
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
    guide: null,
    openGuide: () => set({ guide: { month: lastMonth(), step: null } }),
    leaveGuide: () => set({ guide: null }),
    setGuide: (patch) => {
      const guide = get().guide;
      if (guide) set({ guide: { ...guide, ...patch } });
    },
    startMonth: async (month) => {
      const period = monthPeriod(month);
      if (!period) return;
      get().setGuide({ month, step: null });
      await get().loadEarlier();
      const same = get().earlier.find(
        (e) => e.state === 'open' && e.period.from === period.from && e.period.to === period.to,
      );
      if (same) await get().open(same.id);
      else await get().start(period.from, period.to);
    },
    snapshotNow: () =>
      act(
        'refresh',
        () => callSession((api) => api.reconcile.snapshot({ id: id() })),
        'Balances read now and kept.',
      ),
  };
});
