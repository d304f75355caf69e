import type { Database } from 'better-sqlite3';
import {
  checkAppliedWebhooks,
  compareEntry,
  compareHeld,
  emptyReplayState,
  replay,
  type ReplayState,
  type StoredEntry,
} from './chain';
import { GENESIS_HASH } from './chain-rules';
import { withScanCache } from './scan-cache';
import type { ChainCheck } from '../port/types';

/** Events replayed, or entries compared, between two pauses: about 20 ms of work on a busy 2-core machine. */
const SLICE = 500;

/**
 * The full chain check of verifyChain, done in slices with a pause between them, so a year of history
 * can be checked after start-up without holding main (and every window's requests) for seconds.
 *
 * The journal keeps writing meanwhile. That is sound for the same reasons as verifyChainSince: no
 * other connection can write (the file is held exclusively), and every change of an entry appends an
 * event in the same transaction. So before each slice of entries the replay catches up with the events
 * appended since (a new entry's first event included), and at the end, in one synchronous step, it
 * catches up once more and compares again every entry an event touched after it was compared.
 *
 * `stillWanted` is asked after every pause: false stops the check (null: no answer).
 */
export async function verifyChainGradually(
  db: Database,
  pause: () => Promise<void>,
  stillWanted: () => boolean = () => true,
  slice = SLICE,
): Promise<ChainCheck | null> {
  const state: ReplayState = emptyReplayState(db);
  let at = { count: 0, head: GENESIS_HASH };
  // Catches the replay up to `until` (the end when omitted); a broken link ends the check.
  const catchUp = (until?: number): ChainCheck | null => {
    const replayed = withScanCache(db, () => replay(db, until, at, state));
    if (!replayed.ok) return replayed.broken;
    at = { count: replayed.count, head: replayed.head };
    return null;
  };

  for (;;) {
    const target = at.count + slice;
    const broken = catchUp(target);
    if (broken) return broken;
    if (at.count < target) break;
    await pause();
    if (!stillWanted()) return null;
  }

  const entries = db.prepare('SELECT * FROM entries WHERE id > ? ORDER BY id LIMIT ?');
  let lastId = 0;
  for (;;) {
    const broken = catchUp();
    if (broken) return broken;
    const rows = withScanCache(db, () => entries.all(lastId, slice) as StoredEntry[]);
    for (const row of rows) {
      const broken = compareEntry(state.snapshots, row);
      if (broken) return broken;
      state.snapshots.delete(row.id);
      lastId = row.id;
    }
    if (rows.length < slice) break;
    await pause();
    if (!stillWanted()) return null;
  }

  // The last step runs without a pause: nothing can be written in between.
  const broken = catchUp();
  if (broken) return broken;
  // Left now: entries an event touched after they were compared (the catch-ups recorded them again),
  // and any history whose entry is gone.
  return (
    compareHeld(db, state.snapshots) ??
    checkAppliedWebhooks(db, state.webhookKeys) ?? { ok: true, events: at.count, head: at.head }
  );
}
