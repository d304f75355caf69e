import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { MIGRATIONS, migrate } from '@main/storage/sqlite/migrations';
import { invoiceBody, live, withdrawalBody } from '@test/helpers/journal';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-migrate-5-'));
  file = join(dir, 'journal.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const search = (j: Journal, text: string) =>
  j.page({ text }, { offset: 0, limit: 500 }).entries.map((e) => e.id);

/** What the search matched before the index: each column, case-insensitively, the typed text as is. */
function scan(j: Journal, text: string): number[] {
  const needle = text.toLowerCase();
  return j
    .page({}, { offset: 0, limit: 500 })
    .entries.filter((e) => {
      const answer = (e.response ?? {}) as Record<string, unknown>;
      return [
        e.orderId,
        e.invoiceId,
        e.invoiceCode,
        e.withdrawalId,
        e.walletId,
        e.cardOrderId,
        e.toAddress,
        answer.address,
        answer.wallet_address,
      ].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
    })
    .map((e) => e.id);
}

function fill(j: Journal) {
  for (let i = 0; i < 40; i++) {
    const w = j.begin('createWithdrawal', {
      ...live,
      requestBody: withdrawalBody({ to_address: `TAddr_${i}%x`, amount: `${i + 1}.00` }),
    });
    j.settle(w, { outcome: 'accepted', externalIds: { withdrawalId: `WD-${i}` } });
    const inv = j.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: `Order-${i}` }) });
    j.settle(inv, { outcome: i % 3 ? 'accepted' : 'rejected', externalIds: { invoiceId: `inv-${i}` } });
    const wa = j.begin('createWalletAddress', { ...live, requestBody: { coin: 'usdc', network: 'eth' } });
    j.settle(wa, {
      outcome: 'accepted',
      response: { address: `0xWallet${i}abc`, wallet_address: `wa-${i}` },
    });
  }
}

describe('migration 5: the search index', () => {
  it('indexes the entries a version-4 journal already holds, and the chain still verifies', () => {
    // A journal as version 4 left it, filled through the app's own writes.
    const old = openJournal(file);
    fill(old);
    old.close();
    const raw = new BetterSqlite3(file);
    raw.exec(
      'DROP TABLE entries_search; DROP TRIGGER IF EXISTS entries_search_insert; DROP TRIGGER IF EXISTS entries_search_update; DROP TRIGGER IF EXISTS entries_search_delete; DROP INDEX entries_profile_pair; ' +
        // and what migrations 6 and 7 changed
        'DROP INDEX entries_profile_state; DROP INDEX recon_movements_pair; CREATE INDEX recon_movements_at ON recon_movements (profile_id, at); ' +
        // and what migration 9 added
        'DROP INDEX entries_desk_state; ALTER TABLE entries DROP COLUMN desk_id; ' +
        // and migration 10's address book and 11's reconciliation starter
        'DROP TABLE address_book; ALTER TABLE recon_sessions DROP COLUMN started_by; PRAGMA user_version = 4;',
    );
    raw.close();

    const j = openJournal(file);
    try {
      expect(j.diagnostics().schemaVersion).toBe(MIGRATIONS.length);
      expect(j.verifyChain().ok).toBe(true);
      for (const text of ['wallet1', 'WD-3', 'order-1', '_1%', 'wa-39', '0xwallet', 'nothing-like-it'])
        expect(search(j, text), text).toEqual(scan(j, text));
    } finally {
      j.close();
    }
  });

  it('keeps the index in step with every write: an id set by a later settle is found', () => {
    const j = openJournal(file);
    try {
      fill(j);
      const w = j.begin('createWithdrawal', { ...live, requestBody: withdrawalBody({ to_address: 'TNEW' }) });
      expect(search(j, 'WD-LATE-1')).toEqual([]);
      j.settle(w, { outcome: 'unknown' });
      j.resolve(w, {
        by: 'person',
        performed: true,
        reason: 'seen on the dashboard',
        externalIds: { withdrawalId: 'WD-LATE-1' },
      });
      expect(search(j, 'wd-late-1')).toEqual([w]);
      for (const text of ['WD-1', 'TAddr_2', '%x', 'Order-3', 'a'])
        expect(search(j, text), text).toEqual(scan(j, text));
    } finally {
      j.close();
    }
  });

  it('runs once on an empty journal and leaves nothing to redo', () => {
    const db = new BetterSqlite3(':memory:');
    expect(migrate(db)).toBe(MIGRATIONS.length);
    expect(
      db.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE 'entries_search%'").pluck().get(),
    ).toBeGreaterThan(3);
    expect(migrate(db)).toBe(MIGRATIONS.length);
    db.close();
  });
});
