import { create } from 'zustand';
import type { ClockSkewView, ConnectionStatus, Profile, ProfilesView } from '@contract';
import { callMerchant, subscribe, type ErrorInfo } from '../lib/ipc';

/** App-wide state: which profile is active, how the link to the service is, and when data last arrived. */
export interface ShellState {
  profiles: Profile[];
  activeId: string | null;
  profilesError: ErrorInfo | null;
  switching: boolean;
  connection: ConnectionStatus | null;
  skew: ClockSkewView | null;
  lastRefreshAt: string | null;
  /** Main's words when the desk's journal is newer than this app and open read-only; null: writable. */
  journalReadOnly: string | null;
  loadProfiles: () => Promise<void>;
  activate: (id: string) => Promise<void>;
  setProfiles: (view: ProfilesView) => void;
  loadStatus: () => Promise<void>;
  markRefreshed: (at: string) => void;
  setConnection: (connection: ConnectionStatus) => void;
  /** Subscribes to the push events the shell shows; returns the unsubscribe. */
  listen: () => () => void;
}

/**
 * Main pushes every change of the profiles, the connection and the clock skew; a read only fills in
 * what no push has said yet. A read's answer can arrive after a push that left main later (the test
 * host carries answers and pushes apart), so it is applied only if no push of its kind came meanwhile:
 * otherwise an old "connecting" or an old active profile would stay on screen until the next change.
 */
const heard = { profiles: 0, connection: 0, skew: 0 };
type Heard = keyof typeof heard;
async function read<T>(kind: Heard, call: () => Promise<T>): Promise<{ answer: T; current: boolean }> {
  const before = heard[kind];
  const answer = await call();
  return { answer, current: heard[kind] === before };
}

export const useShellStore = create<ShellState>()((set, get) => ({
  profiles: [],
  activeId: null,
  profilesError: null,
  switching: false,
  connection: null,
  skew: null,
  lastRefreshAt: null,
  journalReadOnly: null,

  loadProfiles: async () => {
    const { answer: result, current } = await read('profiles', () =>
      callMerchant((api) => api.profiles.list()),
    );
    if (!result.ok) set({ profilesError: result.error });
    else if (current) get().setProfiles(result.data);
  },

  activate: async (id) => {
    if (id === get().activeId) return;
    set({ switching: true, profilesError: null });
    const { answer: result, current } = await read('profiles', () =>
      callMerchant((api) => api.profiles.activate({ id })),
    );
    if (result.ok && current) get().setProfiles(result.data);
    set(result.ok ? { switching: false } : { switching: false, profilesError: result.error });
  },

  // A different profile means different money: forget the old refresh time so nothing looks current.
  // Its clock skew was measured against another service (or the Sandbox): the new profile's own
  // measurement arrives as a push with its first answer.
  setProfiles: (view) =>
    set((s) =>
      s.activeId === view.activeId
        ? { profiles: view.profiles, profilesError: null }
        : {
            profiles: view.profiles,
            activeId: view.activeId,
            profilesError: null,
            lastRefreshAt: null,
            skew: null,
          },
    ),

  loadStatus: async () => {
    const [connection, skew, info] = await Promise.all([
      read('connection', () => callMerchant((api) => api.connection.status())),
      read('skew', () => callMerchant((api) => api.clock.skew())),
      // Decided as main opened the journal; no push changes it while the app runs.
      callMerchant((api) => api.app.info()),
    ]);
    if (connection.answer.ok && connection.current) get().setConnection(connection.answer.data);
    if (skew.answer.ok && skew.current) set({ skew: skew.answer.data });
    if (info.ok) set({ journalReadOnly: info.data.journalReadOnly });
  },

  // Any successful read counts, whichever screen made it: the top bar must agree with the screen.
  markRefreshed: (at) => set((s) => ({ lastRefreshAt: latest(s.lastRefreshAt, at) })),

  setConnection: (connection) =>
    set((s) => ({
      connection,
      lastRefreshAt: connection.lastSuccessAt
        ? latest(s.lastRefreshAt, connection.lastSuccessAt)
        : s.lastRefreshAt,
    })),

  listen: () => {
    const offs = [
      subscribe('profiles:changed', (view) => {
        heard.profiles++;
        get().setProfiles(view);
      }),
      subscribe('connection:status', (connection) => {
        heard.connection++;
        get().setConnection(connection);
      }),
      subscribe('rates:tick', (tick) => {
        if (!tick.error && tick.lastTickAt) get().markRefreshed(tick.lastTickAt);
      }),
      subscribe('clock:skew', (skew) => {
        heard.skew++;
        set({ skew });
      }),
    ];
    return () => offs.forEach((off) => off());
  },
}));

export function selectActiveProfile(s: ShellState): Profile | null {
  return s.profiles.find((p) => p.id === s.activeId) ?? null;
}

/** The later of two ISO times (either may be missing). */
function latest(a: string | null, b: string): string {
  return a !== null && Date.parse(a) >= Date.parse(b) ? a : b;
}
