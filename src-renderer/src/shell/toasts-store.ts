import { create } from 'zustand';
import type { Toast } from '@contract';
import { announce } from '../components/announcer';
import { subscribe } from '../lib/ipc';

/** How many toasts stay on screen at once; older ones give way. */
const MAX_SHOWN = 4;

interface ToastsState {
  toasts: Toast[];
  dismiss: (id: string) => void;
  /** Takes every toast of this kind off the screen. */
  dismissKind: (kind: Toast['kind']) => void;
  /** Listens for toasts from main; returns the unsubscribe. */
  listen: () => () => void;
}

/**
 * In-app notices for a withdrawal that completed or failed and an invoice that was paid, pushed by
 * main while the window is in front (a system notification goes out otherwise). Each is said once.
 */
export const useToastsStore = create<ToastsState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  dismissKind: (kind) =>
    set((s) =>
      s.toasts.some((t) => t.kind === kind) ? { toasts: s.toasts.filter((t) => t.kind !== kind) } : s,
    ),
  listen: () =>
    subscribe('notification:toast', (toast) => {
      set((s) => ({ toasts: [...s.toasts.filter((t) => t.id !== toast.id), toast].slice(-MAX_SHOWN) }));
      announce(`${toast.title}. ${toast.body}`);
    }),
}));
