import type { Database } from 'better-sqlite3';

/** Quiet time after the last write before the search index is tidied. */
export const TIDY_AFTER_MS = 2_000;
/** Pages merged per step: tens of milliseconds at most, so a request never waits long behind one. */
const PAGES_PER_STEP = 64;

/**
 * The search index's merging (migration 8 turned FTS5's automatic merge off), done in small steps
 * once the journal has been quiet for a while: each write adds small segments, and merging them
 * inside the write made a person's request wait for it. A write during the tidying pushes the rest
 * back to the next quiet spell.
 */
export function searchTidier(db: Database, onError: (error: unknown) => void) {
  const merge = db.prepare("INSERT INTO entries_search (entries_search, rank) VALUES ('merge', ?)");
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  let timer: NodeJS.Timeout | undefined;

  /** One merge step; true while there may be more to merge (FTS5 changes fewer than 2 rows when done). */
  function step(): boolean {
    const before = totalChanges.get() as number;
    merge.run(PAGES_PER_STEP);
    return (totalChanges.get() as number) - before >= 2;
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!db.open) return;
      try {
        if (step()) schedule(0);
      } catch (error) {
        // Only tidying: the index stays correct unmerged, and the next write schedules it again.
        onError(error);
      }
    }, delay);
    timer.unref();
  }

  return {
    /** A write just committed: tidy once the journal has been quiet for TIDY_AFTER_MS. */
    afterWrite: () => schedule(TIDY_AFTER_MS),
    dispose: () => clearTimeout(timer),
  };
}
