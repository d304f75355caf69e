import { useEffect } from 'react';
import { create } from 'zustand';
import { callMerchant, subscribe } from '../lib/ipc';

interface WaitingState {
  /** Withdrawals waiting for this person's approval, as main counted them last. */
  count: number;
  load: () => Promise<void>;
  clear: () => void;
}

/** The count on the Approvals navigation item (issue 28 item 3). Main decides what waits for whom. */
export const useApprovalsWaiting = create<WaitingState>((set) => ({
  count: 0,
  async load() {
    const result = await callMerchant((api) => api.approvals.waiting());
    // Unread (the team's server away), the last count stands rather than a false zero.
    if (result.ok) set({ count: result.data.count });
  },
  clear: () => set({ count: 0 }),
}));

/** Reads the count while the desk is on a team, and again each time the team's approvals change. */
export function useApprovalsWaitingCount(joined: boolean): number {
  const count = useApprovalsWaiting((s) => s.count);
  useEffect(() => {
    const { load, clear } = useApprovalsWaiting.getState();
    if (!joined) return clear();
    void load();
    return subscribe('approvals:changed', () => void load());
  }, [joined]);
  return joined ? count : 0;
}
