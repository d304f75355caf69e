import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deskIdFile, loadDeskId } from '@main/storage/desk-id';
import { openJournal } from '@main/storage/sqlite/journal';
import { live, withdrawalBody } from '@test/helpers/journal';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-desk-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the desk id', () => {
  it('is made once per data folder and kept', () => {
    const first = loadDeskId(dir);
    expect(first).toMatch(/^desk-[0-9a-f-]{36}$/);
    expect(loadDeskId(dir)).toBe(first);
    const other = mkdtempSync(join(tmpdir(), 'md-desk-other-'));
    try {
      expect(loadDeskId(other)).not.toBe(first);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a file that holds something else instead of making a new id', () => {
    writeFileSync(deskIdFile(dir), 'not a desk\n');
    expect(() => loadDeskId(dir)).toThrow(/does not hold a desk id/);
  });
});

describe('entries from before desks were named', () => {
  it('belong to the desk that opens the journal first: its interrupted send is recovered', () => {
    const file = join(dir, 'journal.sqlite');
    const before = openJournal(file, { deskId: 'desk-old' });
    const id = before.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    before.close();
    // As migration 8 left it: no desk on any row.
    const raw = new BetterSqlite3(file);
    raw.exec(
      // (and without what migrations 10 and 11 added after it)
      'DROP INDEX entries_desk_state; ALTER TABLE entries DROP COLUMN desk_id; ' +
        'DROP TABLE address_book; ALTER TABLE recon_sessions DROP COLUMN started_by; PRAGMA user_version = 8;',
    );
    raw.close();

    const desk = loadDeskId(dir);
    const opened = openJournal(file, { deskId: desk });
    try {
      expect(opened.recovered).toEqual([id]);
      expect(opened.get(id)?.state).toBe('unknown');
      expect(opened.verifyChain().ok).toBe(true);
    } finally {
      opened.close();
    }
    const check = new BetterSqlite3(file, { readonly: true });
    expect(check.prepare('SELECT desk_id FROM entries WHERE id = ?').pluck().get(id)).toBe(desk);
    check.close();
  });
});
