import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';

let dir: string;
let file: string;
let journal: Journal;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-started-by-'));
  file = join(dir, 'journal.sqlite');
  journal = openJournal(file);
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
const start = (by?: string) =>
  journal.reconciliation.sessions.start({
    profileId: 'sandbox',
    environment: 'sandbox',
    ...period,
    ...(by ? { by } : {}),
  });

function tamper(sql: string) {
  journal.close();
  const db = new BetterSqlite3(file);
  db.prepare(sql).run();
  db.close();
  journal = openJournal(file);
}

describe('who started a reconciliation session', () => {
  it('is kept on the row and in its chained history; the chain verifies', () => {
    const row = start('jdoe');
    expect(row.started_by).toBe('jdoe');
    expect(journal.reconciliation.sessions.must(row.id).started_by).toBe('jdoe');
    expect(start().started_by).toBeNull();
    expect(journal.verifyChain().ok).toBe(true);
  });

  it('changed or emptied behind the app’s back, breaks the chain check', () => {
    start('jdoe');
    tamper("UPDATE recon_sessions SET started_by = 'mallory'");
    expect(journal.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/session 1 differs from its recorded history/) },
    });
    tamper('UPDATE recon_sessions SET started_by = NULL');
    expect(journal.verifyChain()).toMatchObject({ ok: false });
  });
});
