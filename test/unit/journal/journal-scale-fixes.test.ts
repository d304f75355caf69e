import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { exportJournalCsv } from '@main/app/journal-export';
import { appendEvent } from '@main/storage/sqlite/chain';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { createReconciliation } from '@main/services/reconciliation/service';
import { invoiceBody, live, tempJournal, withdrawalBody } from '@test/helpers/journal';
import { asJournalStore } from '@main/storage/sqlite/journal-store';

let t: ReturnType<typeof tempJournal> | undefined;
afterEach(() => t?.cleanup());

/** Many accepted invoices in one transaction, each with its sealed event (fsync per write is slow). */
function bulkInvoices(db: Database, count: number) {
  const insert = db.prepare(
    "INSERT INTO entries (operation, profile_id, environment, state, request_body, order_id, created_at, updated_at) VALUES ('createInvoice', 'p-live', 'live', 'accepted', '{}', ?, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.UTC(2030, 0, 2) + i * 1000).toISOString();
      const id = Number(insert.run(`B-${i}`, at, at).lastInsertRowid);
      appendEvent(db, id, 'begin', at, { operation: 'createInvoice', override: null });
    }
  })();
}

function withDb(): { j: Journal; db: Database } {
  t = tempJournal();
  t.journal.close();
  let db: Database | undefined;
  const j = openJournal(t.file, { onOpen: (d) => (db = d) });
  return { j, db: db! };
}

function invoices(j: Journal, count: number) {
  for (let i = 0; i < count; i++) {
    const id = j.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: `O-${i}` }) });
    j.settle(id, { outcome: 'accepted', externalIds: { invoiceId: `inv-${i}` } });
  }
}

describe('reconciliation over a long history', () => {
  it('lists an unknown withdrawal older than the newest thousand entries as an open item', async () => {
    const { j, db } = withDb();
    const old = j.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    j.settle(old, { outcome: 'unknown' });
    bulkInvoices(db, 1_050);
    const recon = createReconciliation({
      journal: asJournalStore(j),
      parked: async () => [],
      rejectedBetween: async () => 0,
      readBalances: () => Promise.reject(new Error('not needed for a past period')),
      now: () => new Date('2031-01-01T00:00:00Z'),
    });
    const view = await recon.start({
      profileId: live.profileId,
      environment: 'live',
      from: '2029-12-31T00:00:00.000Z',
      to: '2030-12-31T00:00:00.000Z',
    });
    expect(view.items.map((i) => i.key)).toContain(`unknown:${old}`);
  });
});

describe('the chain check after an earlier whole one', () => {
  it('agrees with a full check on count and head after more writes', () => {
    const { j } = withDb();
    invoices(j, 5);
    expect(j.verifyChain().ok).toBe(true);
    invoices(j, 7);
    const since = j.verifyChain();
    j.close();
    const fresh = openJournal(t!.file);
    expect(fresh.verifyChain()).toEqual(since);
    fresh.close();
  });

  it('still finds an event changed among the ones since, and an entry added without history', () => {
    const { j, db } = withDb();
    invoices(j, 3);
    expect(j.verifyChain().ok).toBe(true);
    invoices(j, 2);
    db.prepare(
      "UPDATE events SET content = replace(content, 'O-1', 'O-9') WHERE seq = (SELECT max(seq) FROM events)",
    ).run();
    expect(j.verifyChain()).toMatchObject({ ok: false });
    db.prepare(
      "UPDATE events SET content = replace(content, 'O-9', 'O-1') WHERE seq = (SELECT max(seq) FROM events)",
    ).run();
    expect(j.verifyChain().ok).toBe(true);
    db.prepare(
      "INSERT INTO entries (operation, profile_id, environment, state, request_body, created_at, updated_at) VALUES ('createInvoice', 'p-live', 'live', 'accepted', '{}', 'x', 'x')",
    ).run();
    expect(j.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { reason: 'entry has no recorded history' },
    });
    j.close();
  });
});

describe('paging by cursor', () => {
  it('gives the same pages as offsets, each found below the last id shown', () => {
    t = tempJournal();
    invoices(t.journal, 25);
    const byOffset = [0, 10, 20].map((offset) =>
      t!.journal.page({}, { offset, limit: 10 }).entries.map((e) => e.id),
    );
    const byCursor: number[][] = [];
    let before: number | undefined;
    for (let i = 0; i < 3; i++) {
      const page = t.journal.page({}, { offset: 0, limit: 10, ...(before ? { before } : {}) });
      byCursor.push(page.entries.map((e) => e.id));
      before = page.entries[page.entries.length - 1]?.id;
      expect(page.total).toBe(25);
    }
    expect(byCursor).toEqual(byOffset);
  });
});

describe('the CSV export of a large journal', () => {
  it('lets main answer while the file is written, and the file matches its chain head', async () => {
    const { j, db } = withDb();
    bulkInvoices(db, 1_200);
    let answeredDuring = 0;
    let done = false;
    const ticker = (): void => {
      if (done) return;
      answeredDuring++;
      setImmediate(ticker);
    };
    const out = join(t!.dir, 'out.csv');
    const exported = exportJournalCsv({
      journal: asJournalStore(j),
      chooseExportPath: async () => out,
    }).finally(() => (done = true));
    setImmediate(ticker);
    // A write while the file is being written: the export is taken again, so file and head agree.
    setImmediate(() => invoices(j, 1));
    const result = await exported;
    expect(answeredDuring).toBeGreaterThan(2);
    expect(result.rows).toBe(1_201);
    expect(readFileSync(out, 'utf8').trim().split('\r\n')).toHaveLength(1_202);
    const check = j.verifyChain();
    expect(readFileSync(`${out}.chain-head.txt`, 'utf8').trim()).toBe(check.ok ? check.head : 'broken');
  });
});
