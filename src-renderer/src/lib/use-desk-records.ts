import { useCallback, useEffect } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { JournalEntry } from '@contract';
import { subscribe, type ErrorInfo } from './ipc';
import { screenState } from './screen-state';

/** What a store of the records this desk made (wallets, invoices, withdrawals) keeps about its list. */
interface DeskRecordsState {
  /** The profile the list was read for. */
  profileId: string | null;
  loading: boolean;
  error: ErrorInfo | null;
  load: (profileId: string | null) => Promise<void>;
  /**
   * Puts a changed entry (pushed whole by main) in its place. A store without it reads its list again
   * on a change of its profile's entries.
   */
  upsert?: (entry: JournalEntry) => void;
}

/**
 * The list a money screen keeps of what this desk made for the active profile: read when the profile
 * changes, kept current by the changed entries main pushes (a webhook moved a state, a person resolved
 * an entry), and never shown under a profile other than the one it was read for.
 */
export function useDeskRecords<S extends DeskRecordsState, T>(
  useStore: UseBoundStore<StoreApi<S>>,
  profileId: string | null,
  pickRecords: (state: S) => readonly T[] | null,
) {
  const ownerId = useStore((s) => s.profileId);
  const stored = useStore(pickRecords);
  const loading = useStore((s) => s.loading);
  const error = useStore((s) => s.error);
  const load = useStore((s) => s.load);
  const reload = useCallback(() => void load(profileId), [load, profileId]);

  useEffect(() => {
    if (profileId) void load(profileId);
  }, [load, profileId]);
  const upsert = useStore((s) => s.upsert);
  useEffect(
    () =>
      subscribe('journal:changed', (entry) => {
        // Main pushes only the active profile's entries; one sent just before a switch is not this list's.
        if (entry.profileId !== profileId) return;
        if (upsert) upsert(entry);
        else reload();
      }),
    [upsert, reload, profileId],
  );

  const records = ownerId === profileId ? stored : null;
  const state = screenState({ data: records, error, isEmpty: records?.length === 0 });
  return { records, loading, error, reload, state };
}
