import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalStore } from '@main/storage/port';
import type { WithAddressBook } from '@main/storage/port/address-book';
import { MIGRATIONS } from '@main/storage/sqlite/migrations';
import { openJournalInWorker } from '@main/storage/sqlite/worker-client';

let dir: string;
let file: string;
let store: (JournalStore & WithAddressBook) | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-book-'));
  file = join(dir, 'journal.sqlite');
});
afterEach(async () => {
  await store?.close();
  store = null;
  rmSync(dir, { recursive: true, force: true });
});

const open = async () => (store = await openJournalInWorker(file, { deskId: 'desk-a' }));
const close = async () => {
  await store?.close();
  store = null;
};
/** Someone who can write the data folder, with the app closed. */
const byHand = (sql: string) => {
  const db = new BetterSqlite3(file);
  db.exec(sql);
  db.close();
};
const supplier = {
  profileId: 'live-1',
  name: 'Supplier Ltd',
  coin: 'usdt',
  network: 'tron',
  address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  note: '',
  addedBy: 'dana',
};

describe('the address book through the storage worker', () => {
  it('adds, lists per profile and removes, each change in the chain', async () => {
    const book = (await open()).addressBook;
    const added = await book.add(supplier);
    expect(added).toMatchObject({ id: 1, name: 'Supplier Ltd', addedBy: 'dana' });
    await book.add({ ...supplier, profileId: 'sandbox', name: 'Play' });
    expect((await book.list('live-1')).map((e) => e.name)).toEqual(['Supplier Ltd']);
    await book.remove('live-1', added.id, 'dana');
    expect(await book.list('live-1')).toEqual([]);
    expect(await store!.verifyChain()).toMatchObject({ ok: true });
  });

  it('refuses the same address twice, and removing what is not in the profile’s book', async () => {
    const book = (await open()).addressBook;
    const added = await book.add(supplier);
    await expect(book.add({ ...supplier, name: 'Again' })).rejects.toMatchObject({
      kind: 'journal-conflict',
      message: expect.stringContaining('already in the address book as “Supplier Ltd”'),
    });
    await expect(book.remove('sandbox', added.id, 'dana')).rejects.toMatchObject({
      kind: 'journal-not-found',
    });
  });

  it('does not offer a destination planted in the file, and the chain check names it', async () => {
    await open();
    await close();
    byHand(`INSERT INTO address_book (profile_id, name, coin, network, address, note, added_at, added_by)
            VALUES ('live-1', 'Planted', 'usdt', 'tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', '', '2026-11-26T00:00:00.000Z', 'x')`);
    const reopened = await open();
    expect(await reopened.addressBook.list('live-1')).toEqual([]);
    expect(await reopened.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringContaining('address book entry 1 has no recorded history') },
    });
  });

  it('does not offer an entry whose address was edited, or a removed one put back, by hand', async () => {
    const book = (await open()).addressBook;
    await book.add(supplier);
    const gone = await book.add({ ...supplier, name: 'Old', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    await book.remove('live-1', gone.id, 'dana');
    await close();
    byHand(`UPDATE address_book SET address = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' WHERE id = 1;
            UPDATE address_book SET removed_at = NULL, removed_by = NULL WHERE id = 2;`);
    const reopened = await open();
    expect(await reopened.addressBook.list('live-1')).toEqual([]);
    expect(await reopened.verifyChain()).toMatchObject({ ok: false });
  });
});

describe('migration 10: the address book table', () => {
  it('is added to a journal of the previous version, whose chain still verifies', async () => {
    const first = await open();
    const id = await first.begin('createInvoice', {
      profileId: 'live-1',
      environment: 'live',
      requestBody: { order_id: 'A-1', amount: '10' },
    });
    await first.settle(id, { outcome: 'accepted', response: { status: 'success' } });
    await close();
    // (and without migration 11's column after it)
    byHand(
      `DROP INDEX address_book_current; DROP TABLE address_book; ALTER TABLE recon_sessions DROP COLUMN started_by; PRAGMA user_version = 9;`,
    );
    const reopened = await open();
    expect((await reopened.diagnostics()).schemaVersion).toBe(MIGRATIONS.length);
    expect(await reopened.verifyChain()).toMatchObject({ ok: true });
    expect((await reopened.addressBook.add(supplier)).id).toBe(1);
  });
});
