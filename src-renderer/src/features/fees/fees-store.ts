import { create } from 'zustand';
import type { FeesView } from '@contract';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { createProfileLoader } from '../../lib/profile-loader';
import { useShellStore } from '../../stores/shell-store';

export interface FeesState {
  profileId: string | null;
  view: FeesView | null;
  loading: boolean;
  error: ErrorInfo | null;
  load: (profileId: string | null) => Promise<void>;
}

export const useFeesStore = create<FeesState>()((set, get) => ({
  profileId: null,
  view: null,
  loading: false,
  error: null,

  load: createProfileLoader(get, set, { view: null, error: null }, async (isCurrent) => {
    const result = await callMerchant((api) => api.fees.get());
    if (!isCurrent()) return;
    set(
      result.ok
        ? { loading: false, view: result.data, error: null }
        : { loading: false, error: result.error },
    );
    if (result.ok) useShellStore.getState().markRefreshed(result.data.fetchedAt);
  }),
}));
