import { create } from 'zustand';
import type { BalanceHistory, BalancesView } from '@contract';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { keepIfSame } from '../../lib/keep-if-same';
import { createProfileLoader } from '../../lib/profile-loader';
import { useShellStore } from '../../stores/shell-store';

export interface OverviewState {
  /** The profile the data belongs to: a screen never shows one profile's money under another's badge. */
  profileId: string | null;
  balances: BalancesView | null;
  history: BalanceHistory['points'];
  loading: boolean;
  error: ErrorInfo | null;
  historyError: ErrorInfo | null;
  refresh: (profileId: string | null) => Promise<void>;
}

export const useOverviewStore = create<OverviewState>()((set, get) => ({
  profileId: null,
  balances: null,
  history: [],
  loading: false,
  error: null,
  historyError: null,

  refresh: createProfileLoader(
    get,
    set,
    { balances: null, history: [], error: null, historyError: null },
    async (isCurrent) => {
      const balances = await callMerchant((api) => api.balances.get());
      if (!isCurrent()) return; // the user switched profile while we waited
      // The table shows as soon as balances arrive; the history chart follows. Rows and points read
      // again unchanged stay the same arrays, so the charts do not draw again on every poll.
      const before = get().balances;
      set({
        loading: false,
        balances: balances.ok
          ? {
              ...balances.data,
              rows: before ? keepIfSame(before.rows, balances.data.rows) : balances.data.rows,
            }
          : before,
        error: balances.ok ? null : balances.error,
      });
      if (balances.ok) useShellStore.getState().markRefreshed(balances.data.fetchedAt);
      // The history is main's own snapshots (its timer keeps one every 10 s; this read writes none).
      const history = await callMerchant((api) => api.balances.history());
      if (!isCurrent()) return;
      set({
        history: history.ok ? keepIfSame(get().history, history.data.points) : get().history,
        historyError: history.ok ? null : history.error,
      });
    },
  ),
}));
