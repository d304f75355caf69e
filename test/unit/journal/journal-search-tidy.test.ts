import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { TIDY_AFTER_MS } from '@main/storage/sqlite/search-tidy';
import { invoiceBody, live } from '@test/helpers/journal';

let dir: string;
let journal: Journal;
let db: Database;
beforeEach(() => {
  vi.useFakeTimers();
  dir = mkdtempSync(join(tmpdir(), 'md-tidy-'));
  journal = openJournal(join(dir, 'journal.sqlite'), { onOpen: (d) => (db = d) });
});
afterEach(() => {
  journal.close();
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** Rows of the index's segments (and its structure): each write adds at least one. */
const indexRows = () => db.prepare('SELECT count(*) FROM entries_search_data').pluck().get() as number;
const found = (text: string) => journal.page({ text }, { offset: 0, limit: 100 }).entries.length;
function invoices(count: number) {
  for (let i = 0; i < count; i++) {
    const id = journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: `T-${i}` }) });
    journal.settle(id, { outcome: 'accepted', externalIds: { invoiceId: `inv-tidy-${i}` } });
  }
}

describe('the search index is merged while the journal is quiet, not inside a write', () => {
  it('leaves merging out of writes (automatic merge off, crisis merge at 64 segments)', () => {
    const config = db.prepare('SELECT k, v FROM entries_search_config').all();
    expect(config).toEqual(
      expect.arrayContaining([
        { k: 'automerge', v: 0 },
        { k: 'crisismerge', v: 64 },
      ]),
    );
  });

  it('merges the segments writes left once quiet, and every entry is still found', () => {
    invoices(15);
    const unmerged = indexRows();
    vi.advanceTimersByTime(TIDY_AFTER_MS - 1);
    expect(indexRows()).toBe(unmerged);
    vi.advanceTimersByTime(1);
    vi.runAllTimers();
    expect(indexRows()).toBeLessThan(unmerged);
    expect(found('inv-tidy-')).toBe(15);
    expect(found('T-7')).toBe(1);
  });

  it('waits again when a write comes before the quiet time is over', () => {
    invoices(10);
    const before = indexRows();
    vi.advanceTimersByTime(TIDY_AFTER_MS - 100);
    invoices(1);
    const afterWrite = indexRows();
    expect(afterWrite).toBeGreaterThan(before);
    vi.advanceTimersByTime(TIDY_AFTER_MS - 100);
    expect(indexRows()).toBe(afterWrite);
    vi.runAllTimers();
    expect(indexRows()).toBeLessThan(afterWrite);
  });

  it('stops when the journal is closed, with nothing left to run', () => {
    invoices(5);
    journal.close();
    expect(vi.getTimerCount()).toBe(0);
    journal = openJournal(join(dir, 'journal.sqlite'), { onOpen: (d) => (db = d) });
  });
});
