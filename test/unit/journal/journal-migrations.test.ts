import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '@main/storage/sqlite/journal';
import { MIGRATIONS, migrate, schemaVersion } from '@main/storage/sqlite/migrations';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-migrate-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tables = (db: BetterSqlite3.Database) =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);

describe('journal migrations and pragmas', () => {
  it('builds the schema from an empty file and re-opens without changing it', () => {
    const file = join(dir, 'sub', 'journal.sqlite');
    openJournal(file).close();
    const db = new BetterSqlite3(file);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(tables(db)).toEqual([
      'address_book',
      'applied_webhooks',
      'balance_snapshots',
      'entries',
      'entries_search',
      'entries_search_config',
      'entries_search_content',
      'entries_search_data',
      'entries_search_docsize',
      'entries_search_idx',
      'events',
      'recon_movements',
      'recon_reviews',
      'recon_sessions',
    ]);
    const schema = db.prepare('SELECT sql FROM sqlite_master ORDER BY name').all();
    db.close();
    openJournal(file).close();
    const again = new BetterSqlite3(file);
    expect(again.prepare('SELECT sql FROM sqlite_master ORDER BY name').all()).toEqual(schema);
    again.close();
  });

  it('runs each migration once, in order, and only the new ones', () => {
    const db = new BetterSqlite3(':memory:');
    let extra = 0;
    const withExtra = [...MIGRATIONS, () => void extra++];
    expect(migrate(db, withExtra)).toBe(MIGRATIONS.length + 1);
    expect(migrate(db, withExtra)).toBe(MIGRATIONS.length + 1);
    expect(extra).toBe(1);
    db.close();
  });

  it('opens a journal written by a newer version read-only, without migrating it', () => {
    const file = join(dir, 'journal.sqlite');
    openJournal(file).close();
    const db = new BetterSqlite3(file);
    db.pragma('user_version = 99');
    db.close();
    const journal = openJournal(file);
    expect(journal.readOnly).toMatch(/newer version of Merchant Desk \(schema 99;/);
    expect(journal.diagnostics().schemaVersion).toBe(99);
    journal.close();
  });

  it('uses WAL with synchronous FULL and keeps a second opener out', () => {
    const file = join(dir, 'journal.sqlite');
    const journal = openJournal(file);
    expect(journal.diagnostics()).toEqual({
      journalMode: 'wal',
      synchronous: 'FULL',
      schemaVersion: MIGRATIONS.length,
    });
    expect(() => openJournal(file)).toThrow(/in use by another Merchant Desk window/);
    journal.close();
    expect(() => openJournal(file).close()).not.toThrow();
  });
});
