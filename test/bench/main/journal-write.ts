import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Journal } from '@main/storage/sqlite/journal';
import { summarize, type Timing } from '../stats';

let order = 0;
/** One write as the app makes it: the intent row before sending, then the answer (synchronous=FULL). */
function journalWrite(journal: Journal): void {
  const id = journal.begin('createInvoice', {
    profileId: 'p-live',
    environment: 'live',
    requestBody: { order_id: `BENCH-W-${++order}`, amount: '149.90' },
  });
  journal.settle(id, {
    outcome: 'accepted',
    response: { id: `inv-bench-${order}`, status: 'created' },
    externalIds: { invoiceId: `inv-bench-${order}` },
  });
}

/**
 * The floor under it: a bare better-sqlite3 insert of a row of the same size, with the journal's
 * pragmas (WAL, synchronous=FULL, fullfsync, exclusive locking), two commits like intent + settle.
 */
function bareTable() {
  const dir = mkdtempSync(join(tmpdir(), 'md-bench-bare-'));
  const db = new BetterSqlite3(join(dir, 'bare.sqlite'));
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('fullfsync = ON');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL, state TEXT NOT NULL)');
  const insert = db.prepare("INSERT INTO t (body, state) VALUES (?, 'sending')");
  const update = db.prepare("UPDATE t SET state = 'accepted', body = ? WHERE id = ?");
  const body = JSON.stringify({ order_id: 'BENCH-W-000000', amount: '149.90', pad: 'x'.repeat(300) });
  return {
    write: () => void update.run(body, insert.run(body).lastInsertRowid),
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Journal writes and bare writes alternated, so a disk busy with another process slows both alike. */
export function journalWrites(journal: Journal, runs: number): { journal: Timing; bare: Timing } {
  const bare = bareTable();
  const js: number[] = [];
  const bs: number[] = [];
  const time = (fn: () => void, into: number[], keep: boolean) => {
    const start = performance.now();
    fn();
    if (keep) into.push(performance.now() - start);
  };
  try {
    for (let i = 0; i < runs + 5; i++) {
      time(() => journalWrite(journal), js, i >= 5);
      time(bare.write, bs, i >= 5);
    }
  } finally {
    bare.close();
  }
  return { journal: summarize(js), bare: summarize(bs) };
}
