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
  loadProfiles: () => Promise<void>;
  activate: (id: string) => Promise<void>;
  setProfiles: (view: ProfilesView) => void;
  loadStatus: () => Promise<void>;
  markRefreshed: (at: string) => void;
  setConnection: (connection: ConnectionStatus) => void;
  /** Subscribes to the push events the shell shows; returns the unsubscribe. */
  listen: () => () => void;
}

export const useShellStore = create<ShellState>()((set, get) => ({
  profiles: [],
  activeId: null,
  profilesError: null,
  switching: false,
  connection: null,
  skew: null,
  lastRefreshAt: null,

  loadProfiles: async () => {
    const result = await callMerchant((api) => api.profiles.list());
    if (result.ok) get().setProfiles(result.data);
    else set({ profilesError: result.error });
  },

  activate: async (id) => {
    if (id === get().activeId) return;
    set({ switching: true, profilesError: null });
    const result = await callMerchant((api) => api.profiles.activate({ id }));
    if (result.ok) get().setProfiles(result.data);
    set(result.ok ? { switching: false } : { switching: false, profilesError: result.error });
  },

  // A different profile means different money: forget the old refresh time so nothing looks current.
  setProfiles: (view) =>
    set((s) => ({
      profiles: view.profiles,
      activeId: view.activeId,
      profilesError: null,
      lastRefreshAt: s.activeId === view.activeId ? s.lastRefreshAt : null,
    })),

  loadStatus: async () => {
    const [connection, skew] = await Promise.all([
      callMerchant((api) => api.connection.status()),
      callMerchant((api) => api.clock.skew()),
    ]);
    if (connection.ok) get().setConnection(connection.data);
    if (skew.ok) set({ skew: skew.data });
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
      subscribe('profiles:changed', (view) => get().setProfiles(view)),
      subscribe('connection:status', (connection) => get().setConnection(connection)),
      subscribe('rates:tick', (tick) => {
        if (!tick.error && tick.lastTickAt) get().markRefreshed(tick.lastTickAt);
      }),
      subscribe('clock:skew', (skew) => set({ skew })),
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
