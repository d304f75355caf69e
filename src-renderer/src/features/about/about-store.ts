import { create } from 'zustand';
import type { AboutView, DiagnosticsExport, ErrorInfo } from '@contract';
import { announce } from '../../components/announcer';
import { callMerchant, subscribe } from '../../lib/ipc';

export type ExportState =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'saved'; result: DiagnosticsExport }
  | { state: 'cancelled' }
  | { state: 'failed'; error: ErrorInfo };

interface AboutState {
  open: boolean;
  about: AboutView | null;
  error: ErrorInfo | null;
  exported: ExportState;
  show: () => void;
  close: () => void;
  exportDiagnostics: () => Promise<void>;
  /** Listens for Help menu items from main (the shell, from its start); returns the unsubscribe. */
  listen: () => () => void;
}

/**
 * Help → About and Help → Export diagnostics: one dialog, opened from the menu (through main's
 * `app:menu` push) or from the link in the navigation. The versions are read each time it opens.
 */
export const useAboutStore = create<AboutState>()((set, get) => ({
  open: false,
  about: null,
  error: null,
  exported: { state: 'idle' },
  show: () => {
    if (!get().open) set({ open: true, exported: { state: 'idle' } });
    void callMerchant((api) => api.app.about()).then((r) =>
      set(r.ok ? { about: r.data, error: null } : { error: r.error }),
    );
  },
  close: () => set({ open: false }),
  exportDiagnostics: async () => {
    if (get().exported.state === 'running') return;
    set({ exported: { state: 'running' } });
    const r = await callMerchant((api) => api.diagnostics.export());
    const exported: ExportState = !r.ok
      ? { state: 'failed', error: r.error }
      : r.data.path === null
        ? { state: 'cancelled' }
        : { state: 'saved', result: r.data };
    set({ exported });
    if (exported.state === 'saved') announce('Diagnostics saved.');
  },
  listen: () =>
    subscribe('app:menu', ({ action }) => {
      get().show();
      if (action === 'export-diagnostics') void get().exportDiagnostics();
    }),
}));
