import { create } from 'zustand';
import { setDisplayRegion } from '@shared/money/region';
import { callMerchant, type ErrorInfo } from '../lib/ipc';

interface RegionState {
  /** Null: none chosen (the neutral form), or not read yet. */
  region: string | null;
  error: ErrorInfo | null;
  busy: boolean;
  load: () => Promise<void>;
  choose: (region: string | null) => Promise<boolean>;
}

/**
 * The Region (issue 29), kept by main in the desk's settings. Numbers on screen follow it from the
 * moment it is known (the screen is drawn again: see App.tsx); what is stored or sent never does.
 */
export const useRegionStore = create<RegionState>((set, get) => ({
  region: null,
  error: null,
  busy: false,
  load: async () => {
    const result = await callMerchant((api) => api.settings.region());
    if (!result.ok) return set({ error: result.error });
    setDisplayRegion(result.data.region);
    set({ region: result.data.region, error: null });
  },
  choose: async (region) => {
    if (get().busy) return false;
    set({ busy: true });
    const result = await callMerchant((api) => api.settings.setRegion({ region }));
    if (!result.ok) return (set({ busy: false, error: result.error }), false);
    setDisplayRegion(result.data.region);
    set({ busy: false, region: result.data.region, error: null });
    return true;
  },
}));
