import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal, type Journal, type OpenJournalOptions } from '@main/storage/sqlite/journal';

/** A journal in a fresh temp folder with a clock that ticks one second per call. */
export function tempJournal(options: OpenJournalOptions = {}): {
  journal: Journal;
  file: string;
  dir: string;
  reopen: () => Journal;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'md-journal-'));
  const file = join(dir, 'journal.sqlite');
  let t = Date.parse('2030-01-01T00:00:00Z');
  const now = options.now ?? (() => new Date((t += 1000)));
  let journal = openJournal(file, { now });
  const handle = {
    file,
    dir,
    get journal() {
      return journal;
    },
    reopen() {
      journal.close();
      journal = openJournal(file, { now });
      return journal;
    },
    cleanup() {
      try {
        journal.close();
      } catch {
        // already closed
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}

export const withdrawalBody = (over: Record<string, unknown> = {}) => ({
  network: 'tron',
  coin: 'usdt',
  amount: '125.50',
  to_address: 'TXYZabc123',
  ...over,
});

export const invoiceBody = (over: Record<string, unknown> = {}) => ({
  order_id: 'ORDER-1',
  amount: '25.00',
  ...over,
});

export const live = { profileId: 'p-live', environment: 'live' as const };
