import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { appendEvent, sealChain, verifyChain } from '@main/storage/sqlite/chain';
import { MIGRATIONS, migrate } from '@main/storage/sqlite/migrations';

describe('journal migration 4 (reconciliation)', () => {
  it('keeps a journal written at schema 3 intact: every event, its hash and the chain check', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, 3));
    sealChain(db, { key: randomBytes(32), legacyLimit: 0 });
    const at = '2026-11-01T00:00:00.000Z';
    db.prepare(
      `INSERT INTO entries (operation, profile_id, environment, state, request_body, created_at, updated_at)
       VALUES ('createInvoice', 'p', 'sandbox', 'sending', '{}', ?, ?)`,
    ).run(at, at);
    appendEvent(db, 1, 'begin', at, { operation: 'createInvoice' });
    const before = db.prepare('SELECT * FROM events ORDER BY seq').all();
    const check = verifyChain(db);
    expect(check.ok).toBe(true);

    expect(migrate(db)).toBe(MIGRATIONS.length);
    expect(db.prepare('SELECT * FROM events ORDER BY seq').all()).toEqual(before);
    expect(verifyChain(db)).toEqual(check);
    // Events about no entry are allowed now; an event naming a missing entry still is not.
    appendEvent(db, null, 'reconciliation.start', at, { sessionId: 1 });
    expect(verifyChain(db)).toMatchObject({ ok: true, events: 2 });
    expect(() => appendEvent(db, 99, 'begin', at, {})).toThrow(/FOREIGN KEY/);
  });
});
