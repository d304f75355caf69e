/**
 * The start figures' stand-in for the real preload, run at document start as Electron runs it: the
 * same createBridge, over a transport that does in the page what ipcRenderer does there. A
 * subscription is registered in the page (ipcRenderer.on adds a listener and sends nothing); an
 * invoke clones its request, as Electron's IPC does, and waits for main, which here never answers.
 *
 * Main cannot answer inside the measured window in the app either: the shell only subscribes before
 * its first frame and invokes after it (useAfterFirstPaint), which start-page.test.ts checks with
 * the `invokes` this door records. The test host's bridge, used before, opened an EventSource at
 * subscribe, which from a file:// page is a failing request Electron never makes.
 */
import { createBridge } from '@bridge';

declare global {
  interface Window {
    __benchDoor?: { invokes: { channel: string; at: number }[] };
  }
}

const record: NonNullable<Window['__benchDoor']> = { invokes: [] };
window.__benchDoor = record;
const listeners = new Map<string, Set<(payload: unknown) => void>>();

const merchant = createBridge({
  invoke(channel, payload) {
    structuredClone(payload);
    record.invokes.push({ channel, at: performance.now() });
    return new Promise<unknown>(() => {});
  },
  subscribe(channel, listener) {
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    return () => set.delete(listener);
  },
});

Object.defineProperty(window, 'merchant', { value: merchant, writable: false, configurable: false });
