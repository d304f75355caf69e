import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadJournalChain } from '@main/storage/chain-seal';
import { MIGRATIONS } from '@main/storage/sqlite/migrations';
import { openJournal } from '@main/storage/sqlite/journal';
import { openJournalStore } from '@main/storage/sqlite/journal-store';
import { openJournalInWorker } from '@main/storage/sqlite/worker-client';
import type { JournalStore } from '@main/storage/port';
import type { WithAddressBook } from '@main/storage/port/address-book';
import { createMemoryStore } from '@main/secrets';
import { invoiceBody, live, withdrawalBody } from '@test/helpers/journal';

const KNOWN = MIGRATIONS.length;
const WORDS = `This journal was written by a newer version of Merchant Desk (schema ${KNOWN + 1}; this app knows ${KNOWN}). It is open read-only: update the app to send, create or resolve anything.`;

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-newer-'));
  file = join(dir, 'journal.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hash = () => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A journal with history, one withdrawal still `sending`, then stamped by a "newer app". */
function newerJournal(): { sending: number } {
  const journal = openJournal(file, { deskId: 'desk-a' });
  const w = journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
  journal.settle(w, { outcome: 'accepted', externalIds: { withdrawalId: 'WD-1' } });
  const i = journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: 'Order-77' }) });
  journal.settle(i, { outcome: 'unknown' });
  const sending = journal.begin('createWithdrawal', {
    ...live,
    requestBody: withdrawalBody({ amount: '9' }),
  });
  journal.close();
  const db = new BetterSqlite3(file);
  // What a newer app leaves: a table this code never made, and its schema number.
  db.exec('CREATE TABLE from_the_future (x TEXT)');
  db.pragma(`user_version = ${KNOWN + 1}`);
  db.close();
  return { sending };
}

type Store = JournalStore & WithAddressBook;
const openers: [string, (file: string) => Promise<Store>][] = [
  ['on this thread', async (f) => openJournalStore(f, { deskId: 'desk-a' })],
  ['in its worker', (f) => openJournalInWorker(f, { deskId: 'desk-a' })],
];

/** Every write of the port, each with arguments it would otherwise accept or refuse for its own reasons. */
const writes = (store: Store, id: number): [string, () => Promise<unknown>][] => [
  ['begin', () => store.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() })],
  ['settle', () => store.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'WD-2' } })],
  ['resolve', () => store.resolve(2, { by: 'person', person: 'Ana', performed: true, reason: 'seen' })],
  ['applyWithdrawalEvent', () => store.applyWithdrawalEvent('WD-1', 'withdrawal.success', { ok: 1 })],
  ['applyInvoiceEvent', () => store.applyInvoiceEvent({ orderId: 'Order-77' } as never, 'invoice.paid', {})],
  ['attachWithdrawalId', () => store.attachWithdrawalId(id, 'WD-3', 'seen on the explorer')],
  // Refused before their arguments are looked at: none are needed to show it.
  ['facts.recordSnapshots', bare(store.reconciliation.facts.recordSnapshots)],
  ['facts.recordMovement', bare(store.reconciliation.facts.recordMovement)],
  ['facts.markMatched', bare(store.reconciliation.facts.markMatched)],
  ['sessions.start', bare(store.reconciliation.sessions.start)],
  ['sessions.review', bare(store.reconciliation.sessions.review)],
  ['sessions.close', bare(store.reconciliation.sessions.close)],
  ['addressBook.add', bare(store.addressBook.add)],
  ['addressBook.remove', bare(store.addressBook.remove)],
];
const bare = (fn: (...args: never[]) => Promise<unknown>) => () => fn();

describe.each(openers)('a journal newer than this app, opened %s', (_, open) => {
  it('opens read-only: reads answer, every write is refused in words, the file is unchanged', async () => {
    const { sending } = newerJournal();
    const before = hash();
    const store = await open(file);
    try {
      expect(store.readOnly).toBe(WORDS);
      // Nothing recovered: the `sending` row is the newer app's to settle.
      expect(store.recovered).toEqual([]);
      expect((await store.get(sending))?.state).toBe('sending');
      expect((await store.list()).map((e) => e.id).sort()).toEqual([1, 2, 3]);
      const page = await store.page({ text: 'Order-77' }, { offset: 0, limit: 10 });
      expect(page.entries.map((e) => e.id)).toEqual([2]);
      expect((await store.events(1)).length).toBeGreaterThan(0);
      expect((await store.findUnknown()).map((e) => e.id)).toEqual([2]);
      expect(await (await store.exportCsv()).text()).toContain('Order-77');
      expect(await store.verifyChain()).toMatchObject({ ok: true });
      expect((await store.diagnostics()).schemaVersion).toBe(KNOWN + 1);
      expect(await store.addressBook.list('p-live')).toEqual([]);
      for (const [name, write] of writes(store, sending)) {
        const refused = await write().then(
          () => new Error(`${name} was not refused`),
          (error: unknown) => error,
        );
        expect(refused, name).toMatchObject({ kind: 'journal-newer-schema', message: WORDS });
      }
    } finally {
      await store.close();
    }
    expect(hash()).toBe(before);
  });
});

describe('a newer journal and the keychain', () => {
  it('is checked against the recorded head but no head is recorded, and a known one still opens', async () => {
    newerJournal();
    const before = hash();
    const keychain = createMemoryStore();
    const chain = await loadJournalChain(keychain, `${file}.chain-seal`, () => {});
    const saved: unknown[] = [];
    const journal = openJournal(file, { chain: { ...chain, saveAnchor: (a) => saved.push(a) } });
    expect(journal.readOnly).toBe(WORDS);
    journal.close();
    expect(saved).toEqual([]);
    expect(hash()).toBe(before);
    // The same file at a version this app knows opens writable again (nothing was left behind).
    const db = new BetterSqlite3(file);
    db.exec('DROP TABLE from_the_future');
    db.pragma(`user_version = ${KNOWN}`);
    db.close();
    const writable = openJournal(file);
    expect(writable.readOnly).toBeNull();
    expect(writable.begin('createInvoice', { ...live, requestBody: invoiceBody() })).toBe(4);
    writable.close();
  });
});
