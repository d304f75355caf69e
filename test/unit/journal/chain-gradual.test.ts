import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyChainGradually } from '@main/storage/sqlite/chain-gradual';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { bulkLoad } from '@test/helpers/bulk-load';
import { invoiceBody, live, withdrawalBody } from '@test/helpers/journal';

let dir: string;
let journal: Journal;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-chain-gradual-'));
  journal = openJournal(join(dir, 'journal.sqlite'), { onOpen: (opened) => (db = opened) });
  for (let i = 0; i < 30; i++) {
    const id = journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: `O-${i}` }) });
    journal.settle(id, { outcome: i % 5 ? 'accepted' : 'unknown', externalIds: { invoiceId: `inv-${i}` } });
  }
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const tick = () => new Promise<void>((done) => setImmediate(done));
// Slices of 7: the 60 events and 30 entries take several pauses each.
const gradually = (pause: () => Promise<void> = tick) => verifyChainGradually(db, pause, () => true, 7);

describe('the chain check in slices', () => {
  it('finds an intact journal whole, with the head and count of the full check', async () => {
    expect(await gradually()).toEqual(journal.verifyChain());
  });

  it('stays right while the app writes between slices (new entries, answers, resolutions)', async () => {
    let pauses = 0;
    const writing = async () => {
      pauses++;
      const id = journal.begin('createWithdrawal', {
        ...live,
        requestBody: withdrawalBody({ to_address: `TAddr${pauses}`, amount: `${pauses}.00` }),
      });
      journal.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: `WD-${pauses}` } });
      // An entry compared in an early slice changes after its comparison.
      if (pauses === 14) journal.resolve(1, { by: 'person', person: 'Ana', performed: true, reason: 'seen' });
      await tick();
    };
    const check = await gradually(writing);
    expect(pauses).toBeGreaterThan(14);
    expect(check).toEqual(journal.verifyChain());
    expect(check).toMatchObject({ ok: true });
  });

  it('finds an entry edited outside the app, and a history whose entry was deleted', async () => {
    const amount = db.prepare('SELECT amount FROM entries WHERE id = 12').pluck().get();
    db.prepare("UPDATE entries SET amount = '999' WHERE id = 12").run();
    expect(await gradually()).toMatchObject({
      ok: false,
      brokenAt: { entryId: 12, reason: /edited outside/ },
    });
    db.prepare('UPDATE entries SET amount = ? WHERE id = 12').run(amount);
    db.pragma('foreign_keys = OFF');
    db.prepare('DELETE FROM entries WHERE id = 30').run();
    expect(await gradually()).toMatchObject({ ok: false, brokenAt: { entryId: 30, reason: /deleted/ } });
  });

  it('finds a changed event, as the full check does', async () => {
    db.prepare("UPDATE events SET content = replace(content, 'O-20', 'O-21') WHERE entry_id = 21").run();
    const check = await gradually();
    expect(check).toMatchObject({ ok: false });
    expect(check).toEqual(journal.verifyChain());
  });

  it("stops when a check is made meanwhile, and the journal's own gradual check then answers nothing", async () => {
    // More events than one slice of the journal's own size, so it pauses at least once.
    bulkLoad(db, () => {
      for (let i = 0; i < 1_000; i++) {
        const id = journal.begin('createInvoice', {
          ...live,
          requestBody: invoiceBody({ order_id: `B-${i}` }),
        });
        journal.settle(id, { outcome: 'accepted' });
      }
    });
    const running = journal.verifyChainGradually(async () => {
      journal.verifyChain();
      await tick();
    });
    expect(await running).toBeNull();
    expect(await journal.verifyChainGradually(tick)).toMatchObject({ ok: true });
  });
});
