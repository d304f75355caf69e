import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stableStringify } from '@main/storage/sqlite/chain-rules';
import { CHAIN_ANCHOR_ACCOUNT, loadJournalChain } from '@main/storage/chain-seal';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { createMemoryStore, SecretStoreError, type SecretStore } from '@main/secrets';
import { live, withdrawalBody } from '@test/helpers/journal';

let dir: string;
let file: string;
let store: SecretStore;
let logs: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-seal-'));
  file = join(dir, 'journal.sqlite');
  store = createMemoryStore();
  logs = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the journal as the app does: key and last head from the keychain first. */
async function open(keychain: SecretStore = store): Promise<Journal & { done: () => Promise<void> }> {
  const chain = await loadJournalChain(keychain, `${file}.chain-seal`, (line) => logs.push(line));
  const journal = openJournal(file, { chain });
  return Object.assign(journal, {
    done: async () => {
      journal.close();
      await chain.flush();
    },
  });
}

function withdraw(journal: Journal, amount: string, withdrawalId: string): number {
  const id = journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody({ amount }) });
  journal.settle(id, {
    outcome: 'accepted',
    response: { status: 'pending' },
    externalIds: { withdrawalId },
  });
  return id;
}

function sql(statements: string): void {
  const db = new BetterSqlite3(file);
  db.exec(statements);
  db.close();
}

describe('the chain sealed with the keychain', () => {
  it('a clean history verifies across reopen, and the keychain remembers its head', async () => {
    const first = await open();
    withdraw(first, '1', 'wd_1');
    withdraw(first, '2', 'wd_2');
    const check = first.verifyChain();
    expect(check).toMatchObject({ ok: true, events: 4 });
    await first.done();
    const anchor = await store.get(CHAIN_ANCHOR_ACCOUNT);
    expect(anchor).toBe(`v2;4;${(check as { head: string }).head};0`);
    const second = await open();
    expect(second.chainProblem).toBeNull();
    expect(second.verifyChain()).toMatchObject({ ok: true, events: 4 });
    await second.done();
  });

  it('deleting the newest entries is found on open and said in words', async () => {
    const journal = await open();
    withdraw(journal, '1', 'wd_1');
    withdraw(journal, '2', 'wd_2');
    await journal.done();
    // The tamperer removes the last withdrawal and its history: what is left chains perfectly.
    sql('DELETE FROM events WHERE entry_id = 2; DELETE FROM entries WHERE id = 2;');
    const reopened = await open();
    expect(reopened.chainProblem).toBe(
      'The journal has 2 events, but this desk last recorded 4: the newest 2 were deleted, or an older copy of the journal was put back.',
    );
    expect(reopened.verifyChain()).toEqual({ ok: false, brokenAt: { reason: reopened.chainProblem } });
    // The evidence is kept: later writes do not make the keychain forget what it saw.
    withdraw(reopened, '3', 'wd_3');
    await reopened.done();
    expect((await open()).chainProblem).toMatch(/is not the one this desk last recorded/);
  });

  it('putting back an older copy of the journal is found on open', async () => {
    const journal = await open();
    withdraw(journal, '1', 'wd_1');
    await journal.done();
    copyFileSync(file, join(dir, 'copy.sqlite'));
    const later = await open();
    withdraw(later, '2', 'wd_2');
    await later.done();
    copyFileSync(join(dir, 'copy.sqlite'), file);
    rmSync(`${file}-wal`, { force: true });
    const rolledBack = await open();
    expect(rolledBack.chainProblem).toMatch(
      /the newest 2 were deleted, or an older copy of the journal was put back/,
    );
    expect(rolledBack.verifyChain().ok).toBe(false);
    await rolledBack.done();
  });

  it('an edit of the applied webhooks is caught, both a changed and a deleted one', async () => {
    const journal = await open();
    withdraw(journal, '1', 'wd_1');
    expect(journal.applyWithdrawalEvent('wd_1', 'withdrawal.success', { ok: 1 })).toMatchObject({
      applied: true,
    });
    await journal.done();

    // Deleting the key would let the same delivery apply twice.
    sql('DELETE FROM applied_webhooks');
    let reopened = await open();
    expect(reopened.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/missing from the applied webhooks/) },
    });
    await reopened.done();

    sql(
      "INSERT INTO applied_webhooks (key, entry_id, event_seq) VALUES ('withdrawal:1:withdrawal.failed', 1, 3)",
    );
    reopened = await open();
    expect(reopened.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { entryId: 1, reason: expect.stringMatching(/does not match the webhook event/) },
    });
    await reopened.done();
  });

  it('a migration that adds a column does not make any entry look edited', async () => {
    const journal = await open();
    withdraw(journal, '1', 'wd_1');
    await journal.done();
    sql("ALTER TABLE entries ADD COLUMN memo TEXT DEFAULT 'later'");
    const migrated = await open();
    expect(migrated.verifyChain()).toMatchObject({ ok: true });
    withdraw(migrated, '2', 'wd_2');
    expect(migrated.verifyChain()).toMatchObject({ ok: true, events: 4 });
    await migrated.done();
  });

  it('without a usable keychain, the seal is kept in a file beside the journal and says so', async () => {
    const broken: SecretStore = {
      get: async () => {
        throw new SecretStoreError('keychain-unavailable', 'no keychain');
      },
      set: async () => {},
      delete: async () => false,
      has: async () => false,
    };
    const journal = await open(broken);
    withdraw(journal, '1', 'wd_1');
    await journal.done();
    expect(existsSync(`${file}.chain-seal`)).toBe(true);
    expect(logs.join('\n')).toMatch(/keychain is not available/);
    const again = await open(broken);
    expect(again.chainProblem).toBeNull();
    expect(again.verifyChain()).toMatchObject({ ok: true, events: 2 });
    await again.done();
  });
});

/** Rewrites every event in the old, unsealed form: what a journal written before the seal holds. */
function toLegacy(): void {
  const db = new BetterSqlite3(file);
  let prev = '0'.repeat(64);
  const events = db.prepare('SELECT seq, entry_id, content FROM events ORDER BY seq').all() as {
    seq: number;
    content: string;
  }[];
  for (const ev of events) {
    const { v: _v, encoding: _e, ...old } = JSON.parse(ev.content) as Record<string, unknown>;
    const content = stableStringify(old);
    const hash = createHash('sha256').update(prev).update('\n').update(content).digest('hex');
    db.prepare('UPDATE events SET content = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(
      content,
      prev,
      hash,
      ev.seq,
    );
    prev = hash;
  }
  db.close();
}

describe('a journal written before the seal', () => {
  it('is checked by the old rule once, then continues sealed; its old part cannot be rewritten', async () => {
    // A journal from before: written without the keychain, in the old form.
    const before = openJournal(file);
    withdraw(before, '1', 'wd_1');
    before.close();
    toLegacy();

    const upgraded = await open();
    expect(upgraded.chainProblem).toBeNull();
    // The first open seals it: one event naming the rule and the old prefix's length chains on.
    expect(upgraded.verifyChain()).toMatchObject({ ok: true, events: 3 });
    withdraw(upgraded, '2', 'wd_2');
    expect(upgraded.verifyChain()).toMatchObject({ ok: true, events: 5 });
    await upgraded.done();
    expect(await store.get(CHAIN_ANCHOR_ACCOUNT)).toMatch(/;2$/);

    // Rewriting the old part with the old rule breaks the link to the first sealed event.
    sql("UPDATE entries SET amount = '9999' WHERE id = 1");
    const db = new BetterSqlite3(file);
    const old = db.prepare('SELECT content FROM events WHERE seq = 2').get() as { content: string };
    const edited = old.content.replace('"amount":"1"', '"amount":"9999"');
    const prev = (db.prepare('SELECT hash FROM events WHERE seq = 1').get() as { hash: string }).hash;
    const hash = createHash('sha256').update(prev).update('\n').update(edited).digest('hex');
    db.prepare('UPDATE events SET content = ?, hash = ? WHERE seq = 2').run(edited, hash);
    db.close();
    const reopened = await open();
    expect(reopened.verifyChain()).toMatchObject({ ok: false, brokenAt: { seq: 3 } });
    await reopened.done();
  });
});
