import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordHeldAnswers } from '@main/app/journaled-write';
import { openWithHeldAnswers, sideFileOf } from '@main/app/pending-answers';
import { NotRecordedError } from '@main/storage/port/errors';
import type { JournalStore } from '@main/storage/port';
import { openJournal } from '@main/storage/sqlite/journal';
import { asJournalStore } from '@main/storage/sqlite/journal-store';
import { live, withdrawalBody } from '@test/helpers/journal';

let dir: string;
let file: string;
let db: Database | undefined;
const logs: string[] = [];
const KEY = randomBytes(32);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-full-'));
  file = join(dir, 'journal.sqlite');
  logs.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function open() {
  return openWithHeldAnswers(
    file,
    async (heldAnswers) =>
      asJournalStore(openJournal(file, { heldAnswers, onOpen: (opened) => (db = opened) })),
    (line) => logs.push(line),
    KEY,
  );
}

/** A real full disk as SQLite sees it: the database may not grow by a single page. */
function fillDisk() {
  const pages = db!.pragma('page_count', { simple: true }) as number;
  db!.pragma(`max_page_count = ${pages}`);
}
const freeDisk = () => db!.pragma('max_page_count = 1073741823');

// Big enough to need new pages, as a real answer with a long payload may.
const answer = { status: 'pending', data: { withdrawal_id: 'wd_full1', note: 'x'.repeat(20_000) } };
const accepted = {
  outcome: 'accepted' as const,
  response: answer,
  externalIds: { withdrawalId: 'wd_full1' },
};

function sendOne(journal: JournalStore): Promise<number> {
  return journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
}

describe('settling when the disk is full', () => {
  it('refuses with NotRecordedError in words and leaves the row as it was', async () => {
    const { journal } = await open();
    const id = await sendOne(journal);
    fillDisk();
    await expect(journal.settle(id, accepted)).rejects.toThrow(NotRecordedError);
    await expect(journal.settle(id, accepted)).rejects.toThrow(/the disk is full/);
    expect(await journal.get(id)).toMatchObject({ state: 'sending', withdrawalId: null });
    await journal.close();
  });

  it('a write that cannot even be recorded is refused in words, before anything is sent', async () => {
    const { journal } = await open();
    await sendOne(journal);
    fillDisk();
    const body = withdrawalBody({ amount: '2', memo: 'y'.repeat(20_000) });
    await expect(journal.begin('createWithdrawal', { ...live, requestBody: body })).rejects.toThrow(
      /Nothing was sent: .* the disk is full/,
    );
    expect(await journal.list()).toHaveLength(1);
    await journal.close();
  });

  it('holds the answer in memory and a side file, and records it once the disk allows', async () => {
    const { journal, pending } = await open();
    const id = await sendOne(journal);
    fillDisk();
    await expect(journal.settle(id, accepted)).rejects.toThrow(NotRecordedError);
    expect(pending.hold({ journalId: id, input: accepted })).toBe(true);
    const side = JSON.parse(readFileSync(sideFileOf(file), 'utf8')) as { version: number; content: string };
    expect(side.version).toBe(2);
    expect(JSON.parse(side.content)).toMatchObject([{ journalId: id, input: accepted }]);

    expect(await pending.flush()).toEqual([]);
    expect((await journal.get(id))!.state).toBe('sending');
    freeDisk();
    expect(await pending.flush()).toEqual([id]);
    expect(await journal.get(id)).toMatchObject({ state: 'accepted', withdrawalId: 'wd_full1' });
    expect(existsSync(sideFileOf(file))).toBe(false);
    expect((await journal.verifyChain()).ok).toBe(true);
    await journal.close();
  });

  it('the retry (timer, next write) announces what it recorded and replays parked webhooks', async () => {
    const { journal, pending } = await open();
    const id = await sendOne(journal);
    fillDisk();
    pending.hold({ journalId: id, input: accepted });
    const emitted: unknown[] = [];
    let replays = 0;
    const deps = {
      journal,
      pending,
      entryChanged: async (changedId: number | string) => void emitted.push(changedId),
      replayParked: async () => void replays++,
    };
    await recordHeldAnswers(deps);
    expect([emitted, replays]).toEqual([[], 0]);
    freeDisk();
    await recordHeldAnswers(deps);
    expect(emitted).toEqual([id]);
    expect(replays).toBe(1);
    expect((await journal.get(id))!.state).toBe('accepted');
    await journal.close();
  });

  it('after a restart, the side file is recorded before interrupted rows become unknown', async () => {
    const first = await open();
    const id = await sendOne(first.journal);
    const other = await first.journal.begin('createWithdrawal', {
      ...live,
      requestBody: withdrawalBody({ amount: '1' }),
    });
    fillDisk();
    await expect(first.journal.settle(id, accepted)).rejects.toThrow(NotRecordedError);
    first.pending.hold({ journalId: id, input: accepted });
    await first.journal.close();

    const second = await open();
    expect(await second.journal.get(id)).toMatchObject({ state: 'accepted', withdrawalId: 'wd_full1' });
    expect(second.journal.settledAtOpen).toEqual([id]);
    // Only the row with no answer at all is unknown.
    expect(second.journal.recovered).toEqual([other]);
    expect(existsSync(sideFileOf(file))).toBe(false);
    expect((await second.journal.verifyChain()).ok).toBe(true);
    await second.journal.close();
  });

  it('an unreadable side file is reported and moved aside, not trusted or deleted', async () => {
    const first = await open();
    await first.journal.close();
    const side = sideFileOf(file);
    writeFileSync(side, '{"version":2,"answers":[{"journalId"');
    const second = await open();
    expect(logs.join('\n')).toMatch(/cannot be read/);
    expect(existsSync(side)).toBe(false);
    expect(readdirSync(dir).some((name) => name.startsWith('journal.sqlite.answers.json.unreadable-'))).toBe(
      true,
    );
    await second.journal.close();
  });
});
