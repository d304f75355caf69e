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
  dir = mkdtempSync(join(tmpdir(), 'md-sessions-'));
  file = join(dir, 'journal.sqlite');
  journal = openJournal(file);
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };

function sessionWithHistory(j: Journal) {
  const id = j.begin('createInvoice', {
    profileId: 'sandbox',
    environment: 'sandbox',
    requestBody: { order_id: 'A-1', amount: '10' },
  });
  j.settle(id, { outcome: 'accepted', response: { status: 'success' } });
  const { sessions } = j.reconciliation;
  const session = sessions.start({ profileId: 'sandbox', environment: 'sandbox', ...period });
  sessions.review(session.id, 'rejected:period', 'test pastes from the training session', 'Dana Finance');
  sessions.close(session.id, {
    by: 'Dana Finance',
    note: 'day closed',
    withExceptions: true,
    report: { a: 1 },
  });
  return session.id;
}

/** Edits a table behind the app's back, the way someone with the file could. */
function tamper(sql: string) {
  journal.close();
  const db = new BetterSqlite3(file);
  db.prepare(sql).run();
  db.close();
  journal = openJournal(file);
}

describe('reconciliation sessions in the hash chain', () => {
  it('records start, each review and the close as chained events; the chain verifies', () => {
    const id = sessionWithHistory(journal);
    const check = journal.verifyChain();
    expect(check).toMatchObject({ ok: true, events: 5 });
    const row = journal.reconciliation.sessions.must(id);
    expect(row).toMatchObject({ state: 'closed', closed_by: 'Dana Finance', with_exceptions: 1 });
    expect(journal.reconciliation.sessions.reviews(id)).toEqual([
      expect.objectContaining({ item_key: 'rejected:period', by_name: 'Dana Finance' }),
    ]);
  });

  it('a closed session takes no more reviews and cannot close twice', () => {
    const id = sessionWithHistory(journal);
    const { sessions } = journal.reconciliation;
    expect(() => sessions.review(id, 'x', 'late note', 'Eve')).toThrow(/closed/);
    expect(() => sessions.close(id, { by: 'Eve', note: 'again', withExceptions: false, report: {} })).toThrow(
      /closed/,
    );
    expect(journal.verifyChain().ok).toBe(true);
  });

  it('editing a session row breaks the chain check', () => {
    sessionWithHistory(journal);
    expect(journal.verifyChain().ok).toBe(true);
    tamper("UPDATE recon_sessions SET closed_by = 'Mallory'");
    expect(journal.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/session 1 differs from its recorded history/) },
    });
  });

  it('editing or deleting a review note breaks the chain check', () => {
    sessionWithHistory(journal);
    tamper("UPDATE recon_reviews SET note = 'nothing to see'");
    expect(journal.verifyChain()).toMatchObject({ ok: false });
    journal.close();
    journal = openJournal(file);
    tamper('DELETE FROM recon_reviews');
    expect(journal.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/review .* was deleted|differs/) },
    });
  });

  it('editing a session event itself breaks the chain at that event', () => {
    sessionWithHistory(journal);
    tamper(
      "UPDATE events SET content = replace(content, 'Dana Finance', 'Mallory') WHERE type = 'reconciliation.close'",
    );
    expect(journal.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { seq: 5, reason: expect.stringMatching(/does not match its sealed hash/) },
    });
  });

  it('a session added beside the chain (no recorded history) is found', () => {
    sessionWithHistory(journal);
    tamper(
      "INSERT INTO recon_sessions (profile_id, environment, from_at, to_at, state, started_at) VALUES ('sandbox', 'sandbox', 'a', 'b', 'closed', 'c')",
    );
    expect(journal.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { reason: 'reconciliation session 2 has no recorded history' },
    });
  });
});

describe('balance snapshots', () => {
  it('keeps at most one per asset per minute unless taken on demand', () => {
    const { facts } = journal.reconciliation;
    const row = { coin: 'usdt', network: 'tron', total: '10', available: '10', frozen: '0' };
    const other = { ...row, coin: 'btc', network: 'bitcoin' };
    expect(facts.recordSnapshots('p', [row, other], '2026-11-01T00:00:00.000Z')).toBe(2);
    expect(facts.recordSnapshots('p', [row, other], '2026-11-01T00:00:30.000Z')).toBe(0);
    expect(facts.recordSnapshots('p', [row], '2026-11-01T00:00:40.000Z', true)).toBe(1);
    expect(facts.recordSnapshots('p', [row, other], '2026-11-01T00:01:00.000Z')).toBe(1);
    expect(facts.recordSnapshots('q', [row], '2026-11-01T00:01:00.000Z')).toBe(1);
    const around = facts.snapshotsAround('p', {
      from: '2026-11-01T00:00:10.000Z',
      to: '2026-11-01T00:00:50.000Z',
    });
    expect(around.map((s) => `${s.coin}@${s.at}`).sort()).toEqual([
      'btc@2026-11-01T00:00:00.000Z',
      'btc@2026-11-01T00:01:00.000Z',
      'usdt@2026-11-01T00:00:00.000Z',
      'usdt@2026-11-01T00:00:40.000Z',
    ]);
  });
});
