import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealedHash, stableStringify } from '@main/storage/sqlite/chain-rules';
import {
  CHAIN_ANCHOR_ACCOUNT,
  CHAIN_KEY_ACCOUNT,
  formatAnchor,
  loadJournalChain,
  recordFreshStart,
} from '@main/storage/chain-seal';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { createMemoryStore, type SecretStore } from '@main/secrets';
import { live, withdrawalBody } from '@test/helpers/journal';

let dir: string;
let file: string;
let store: SecretStore;
let logs: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-tamper-'));
  file = join(dir, 'journal.sqlite');
  store = createMemoryStore();
  logs = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function open(): Promise<Journal & { done: () => Promise<void> }> {
  const chain = await loadJournalChain(store, `${file}.chain-seal`, (line) => logs.push(line));
  const journal = openJournal(file, { chain });
  return Object.assign(journal, {
    done: async () => {
      journal.close();
      await chain.flush();
    },
  });
}

async function journalOfOneWithdrawal(): Promise<void> {
  const journal = await open();
  const id = journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody({ amount: '1' }) });
  journal.settle(id, {
    outcome: 'accepted',
    response: { status: 'pending' },
    externalIds: { withdrawalId: 'wd_1' },
  });
  await journal.done();
}

/** Rewrites the amount to 9999 everywhere and re-hashes every event with `hash`; the new head. */
function forge(hash: (prev: string, content: string, old: Record<string, unknown>) => [string, string]) {
  const db = new BetterSqlite3(file);
  db.prepare("UPDATE entries SET amount = '9999'").run();
  let prev = '0'.repeat(64);
  const events = db.prepare('SELECT seq, content FROM events ORDER BY seq').all() as {
    seq: number;
    content: string;
  }[];
  for (const ev of events) {
    const old = JSON.parse(ev.content.replaceAll('"amount":"1"', '"amount":"9999"')) as Record<
      string,
      unknown
    >;
    const [content, next] = hash(prev, ev.content, old);
    db.prepare('UPDATE events SET content = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(
      content,
      prev,
      next,
      ev.seq,
    );
    prev = next;
  }
  db.close();
  return { count: events.length, head: prev };
}

describe('the seal cannot be replaced from the data folder', () => {
  it('a planted seal file does not override the keychain: a journal forged with its key is caught', async () => {
    await journalOfOneWithdrawal();
    const theirs = randomBytes(32);
    const forged = forge((prev, _content, old) => {
      const content = stableStringify(old);
      return [content, sealedHash(theirs, prev, content)];
    });
    writeFileSync(
      `${file}.chain-seal`,
      JSON.stringify({
        [CHAIN_KEY_ACCOUNT]: theirs.toString('hex'),
        [CHAIN_ANCHOR_ACCOUNT]: formatAnchor({ ...forged, legacy: 0 }),
      }),
    );
    const reopened = await open();
    expect(reopened.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { seq: 1, reason: expect.stringMatching(/sealed hash/) },
    });
    expect(logs.join('\n')).toMatch(/keychain holds the journal key; the file is ignored/);
    await reopened.done();
  });

  it('deleting the keychain anchor does not let a journal rewritten in the old unkeyed rule pass', async () => {
    await journalOfOneWithdrawal();
    forge((prev, _content, old) => {
      const { v: _v, encoding: _e, ...legacy } = old;
      const content = stableStringify(legacy);
      return [content, createHash('sha256').update(prev).update('\n').update(content).digest('hex')];
    });
    await store.delete(CHAIN_ANCHOR_ACCOUNT);
    const reopened = await open();
    expect(reopened.verifyChain().ok).toBe(false);
    expect(reopened.chainProblem).toMatch(/only events in the old unsealed form/);
    await reopened.done();
  });

  it('a seal file from a time without a keychain moves into an empty keychain and keeps its journal checkable', async () => {
    const key = randomBytes(32).toString('hex');
    writeFileSync(`${file}.chain-seal`, JSON.stringify({ [CHAIN_KEY_ACCOUNT]: key }));
    const journal = await open();
    expect(await store.get(CHAIN_KEY_ACCOUNT)).toBe(key);
    expect(existsSync(`${file}.chain-seal`)).toBe(false);
    await journal.done();
  });
});

describe('moving the journal aside and starting fresh', () => {
  it('the new journal cites the old head in its first sealed event, and its anchor advances', async () => {
    await journalOfOneWithdrawal();
    const old = await store.get(CHAIN_ANCHOR_ACCOUNT);
    expect(await recordFreshStart(store)).toBe(true);
    renameSync(file, `${file}.damaged-x`);
    rmSync(`${file}-wal`, { force: true });

    const fresh = await open();
    expect(fresh.chainProblem).toBeNull();
    const check = fresh.verifyChain();
    expect(check).toMatchObject({ ok: true, events: 1 });
    const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    await fresh.done();
    const first = db.prepare('SELECT type, content FROM events WHERE seq = 1').get() as {
      type: string;
      content: string;
    };
    db.close();
    const [, count, head] = old!.split(';');
    expect(first.type).toBe('chain-fresh-start');
    expect(JSON.parse(first.content)).toMatchObject({
      detail: { previousEvents: Number(count), previousHead: head },
    });
    expect(await store.get(CHAIN_ANCHOR_ACCOUNT)).toBe(`v2;1;${(check as { head: string }).head};0`);
    const again = await open();
    expect(again.chainProblem).toBeNull();
    await again.done();
  });

  it('without the person choosing it, an empty journal where the old one stood is still caught', async () => {
    await journalOfOneWithdrawal();
    renameSync(file, `${file}.damaged-x`);
    rmSync(`${file}-wal`, { force: true });
    const emptied = await open();
    expect(emptied.chainProblem).toMatch(/the newest 2 were deleted/);
    await emptied.done();
  });
});
