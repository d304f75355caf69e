import { create } from 'zustand';
import type { AppLockState, ErrorInfo } from '@contract';
import { callMerchant, subscribe } from '../lib/ipc';

interface LockStoreState {
  /** As main last said; false until it has said anything (main refuses what matters either way). */
  locked: boolean;
  idleMinutes: number | null;
  unlocking: boolean;
  /** Why the last unlock or change did not happen (declined in main's window, for one). */
  error: ErrorInfo | null;
  load: () => Promise<void>;
  lock: () => Promise<void>;
  /** Asks main, which asks the person in its own window. */
  unlock: () => Promise<void>;
  setIdleMinutes: (minutes: number) => Promise<boolean>;
  /** Hears main lock or unlock the desk; returns the unsubscribe. */
  listen: () => () => void;
}

/**
 * The desk's lock as main decides it (issue 26 item 2): the page only shows it. Locking, by idle time
 * or by the system's own lock, is pushed on `lock:changed`; unlocking is main's question to the person.
 */
export const useLockStore = create<LockStoreState>()((set, get) => {
  const take = (state: AppLockState) => set({ locked: state.locked, idleMinutes: state.idleMinutes });
  return {
    locked: false,
    idleMinutes: null,
    unlocking: false,
    error: null,
    load: async () => {
      const r = await callMerchant((api) => api.lock.status());
      if (r.ok) take(r.data);
    },
    lock: async () => {
      const r = await callMerchant((api) => api.lock.lock());
      if (r.ok) take(r.data);
    },
    unlock: async () => {
      if (get().unlocking) return;
      set({ unlocking: true, error: null });
      const r = await callMerchant((api) => api.lock.unlock());
      set({ unlocking: false, error: r.ok ? null : r.error });
      if (r.ok) take(r.data);
    },
    setIdleMinutes: async (minutes) => {
      const r = await callMerchant((api) => api.lock.setIdleMinutes({ minutes }));
      set({ error: r.ok ? null : r.error });
      if (r.ok) take(r.data);
      return r.ok;
    },
    listen: () => subscribe('lock:changed', (state) => take(state)),
  };
});
