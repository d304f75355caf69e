import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '@main/storage/sqlite/journal';
import { live, tempJournal, withdrawalBody } from '@test/helpers/journal';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** A withdrawal left `sending` (the app stopped before its answer), the journal closed. */
function interrupted() {
  const handle = tempJournal();
  cleanup = handle.cleanup;
  const input = { ...live, requestBody: withdrawalBody({ amount: '5' }) };
  handle.journal.begin('createWithdrawal', input);
  handle.journal.close();
  return { file: handle.file, input };
}

function plant(file: string, sql: string): void {
  const db = new BetterSqlite3(file);
  db.exec(sql);
  db.close();
}

describe('the journal refuses schema objects the migrations did not write', () => {
  it('a planted trigger cannot turn an unknown withdrawal into rejected and reopen the duplicate guard', () => {
    const { file } = interrupted();
    plant(
      file,
      `CREATE TRIGGER soften AFTER UPDATE OF state ON entries WHEN NEW.state = 'unknown'
       BEGIN UPDATE entries SET state = 'rejected' WHERE id = NEW.id; END;`,
    );
    expect(() => openJournal(file)).toThrow(/trigger "soften" that Merchant Desk did not create/);
  });

  it('a planted view or table is refused too, and so is a missing or changed index', () => {
    const { file } = interrupted();
    plant(file, 'CREATE VIEW peek AS SELECT id FROM entries;');
    expect(() => openJournal(file)).toThrow(/view "peek"/);
    plant(file, 'DROP VIEW peek; CREATE TABLE extra (x);');
    expect(() => openJournal(file)).toThrow(/table "extra"/);
    plant(file, 'DROP TABLE extra; DROP INDEX entries_withdrawal_id;');
    expect(() => openJournal(file)).toThrow(/lacks "entries_withdrawal_id"/);
    plant(file, 'CREATE INDEX entries_withdrawal_id ON entries (withdrawal_id);');
    expect(() => openJournal(file)).toThrow(/index "entries_withdrawal_id"/);
  });

  it('an untouched journal opens, recovers its interrupted withdrawal as unknown, and keeps it guarded', () => {
    const { file, input } = interrupted();
    const journal = openJournal(file);
    try {
      expect(journal.get(1)?.state).toBe('unknown');
      expect(() => journal.begin('createWithdrawal', input)).toThrow();
      expect(journal.verifyChain().ok).toBe(true);
    } finally {
      journal.close();
    }
  });

  it('switches off trusted_schema on the connection', () => {
    const { file } = interrupted();
    let trusted: unknown;
    const journal = openJournal(file, {
      onOpen: (db) => (trusted = db.pragma('trusted_schema', { simple: true })),
    });
    journal.close();
    expect(trusted).toBe(0);
  });
});
