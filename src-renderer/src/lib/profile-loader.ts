/** The part of a store's state the loader manages: whose data it holds and whether a load runs. */
export interface ProfileScoped {
  profileId: string | null;
  loading: boolean;
}

/**
 * The one rule for loading a profile's data into a store:
 * - a request for the profile already loading is dropped (a slow answer plus the poll timer must not
 *   stack requests);
 * - a request for another profile starts at once and clears the old profile's data (`reset`), so a
 *   screen never waits for the next poll after a switch, and never shows one profile's money under
 *   another's badge;
 * - an answer that is no longer the latest request's is discarded: `load` checks `isCurrent()` after
 *   every await before writing anything, and sets `loading: false` itself when it is done.
 */
export function createProfileLoader<S extends ProfileScoped>(
  get: () => S,
  set: (partial: Partial<S>) => void,
  reset: Omit<Partial<S>, keyof ProfileScoped>,
  load: (isCurrent: () => boolean) => Promise<void>,
): (profileId: string | null) => Promise<void> {
  let latest = 0;
  return async (profileId) => {
    const state = get();
    if (state.loading && state.profileId === profileId) return;
    const switched = profileId !== state.profileId;
    const request = ++latest;
    set({ ...(switched ? reset : {}), profileId, loading: true } as Partial<S>);
    await load(() => request === latest && get().profileId === profileId);
  };
}
