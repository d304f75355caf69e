import { create } from 'zustand';
import type { ErrorInfo, UpdateChannel, UpdateStatus } from '@contract';
import { callMerchant, subscribe } from '../../lib/ipc';

interface UpdatesState {
  /** As main last said; null until it has. */
  status: UpdateStatus | null;
  busy: boolean;
  /** Why the last request did not happen ("Restart and update" refused while a write is in flight…). */
  error: ErrorInfo | null;
  /** What did not happen, as the notice's title. */
  errorTitle: string;
  load: () => Promise<void>;
  check: () => Promise<void>;
  setChannel: (channel: UpdateChannel) => Promise<void>;
  restart: () => Promise<void>;
  /** Hears main's updater (checking, downloading, ready, refused); returns the unsubscribe. */
  listen: () => () => void;
}

/** Settings → Updates (issue 30): main checks, downloads and verifies; the page shows it and asks. */
export const useUpdatesStore = create<UpdatesState>()((set, get) => {
  const act = async (
    errorTitle: string,
    call: () => Promise<{ ok: true; data: UpdateStatus } | { ok: false; error: ErrorInfo }>,
  ) => {
    if (get().busy) return;
    set({ busy: true, error: null });
    const r = await call();
    set(r.ok ? { busy: false, status: r.data } : { busy: false, error: r.error, errorTitle });
  };
  return {
    status: null,
    busy: false,
    error: null,
    errorTitle: '',
    load: async () => {
      const r = await callMerchant((api) => api.updates.status());
      set(
        r.ok
          ? { status: r.data, error: null }
          : { error: r.error, errorTitle: 'The update status could not be read.' },
      );
    },
    check: () => act('The update server was not asked.', () => callMerchant((api) => api.updates.check())),
    setChannel: (channel) =>
      act('The update channel was not changed.', () =>
        callMerchant((api) => api.updates.setChannel({ channel })),
      ),
    restart: () => act('Nothing was installed.', () => callMerchant((api) => api.updates.restart())),
    listen: () => subscribe('updates:changed', (status) => set({ status })),
  };
});
