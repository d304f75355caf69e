/**
 * Test-only stand-in for the preload: builds `window.merchant` with the very same createBridge as
 * the real preload, over loopback HTTP instead of Electron IPC; the renderer checks its answers as
 * it does in the app. Never part of the app bundle.
 */
import { createBridge } from '@bridge';

// The token comes with the first URL and is kept in window.name for later loads without it (a
// test that opens a route by its URL). Not sessionStorage: a page's first touch of it costs 6-10 ms, which the
// real preload does not pay, and the start figures time the app behind this stand-in.
const TOKEN_NAME = 'md-host-token:';
const fromUrl = new URLSearchParams(location.search).get('token');
const token = fromUrl ?? (window.name.startsWith(TOKEN_NAME) ? window.name.slice(TOKEN_NAME.length) : '');
window.name = TOKEN_NAME + token;

const listeners = new Map<string, Set<(payload: unknown) => void>>();
let source: EventSource | undefined;
function listen(): void {
  if (source) return;
  source = new EventSource(`/__host/events?token=${encodeURIComponent(token)}`);
  source.onmessage = (message) => {
    const { channel, payload } = JSON.parse(message.data as string) as { channel: string; payload: unknown };
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
}

const merchant = createBridge({
  // A fetch that fails throws; the renderer turns that into an ErrorInfo like any failed transport.
  async invoke(channel, payload) {
    const response = await fetch(`/__host/ipc/${channel}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ payload: payload ?? null, hasPayload: payload !== undefined }),
    });
    return (await response.json()) as unknown;
  },
  subscribe(channel, listener) {
    listen();
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    return () => set.delete(listener);
  },
});

Object.defineProperty(window, 'merchant', { value: merchant, writable: false, configurable: false });
