import { create } from 'zustand';
import type { TeamStatus } from '@contract';
import { callMerchant, subscribe } from '../lib/ipc';

interface TeamState {
  status: TeamStatus | null;
  load: () => Promise<void>;
  set: (status: TeamStatus) => void;
  /** Subscribes to main's pushes of the team connection; returns the unsubscribe. */
  listen: () => () => void;
}

/** Team mode as main reports it; a push always wins over a read that was on its way meanwhile. */
let pushes = 0;
export const useTeamStore = create<TeamState>((set) => ({
  status: null,
  async load() {
    const before = pushes;
    const result = await callMerchant((api) => api.team.status());
    if (result.ok && pushes === before) set({ status: result.data });
  },
  set: (status) => set({ status }),
  listen: () =>
    subscribe('team:status', (status) => {
      pushes += 1;
      set({ status });
    }),
}));
