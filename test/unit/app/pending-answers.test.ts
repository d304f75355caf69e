import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWithHeldAnswers, sideFileOf } from '@main/app/pending-answers';
import { openJournal } from '@main/storage/sqlite/journal';
import { asJournalStore } from '@main/storage/sqlite/journal-store';
import { MIGRATIONS } from '@main/storage/sqlite/migrations';
import { live, withdrawalBody } from '@test/helpers/journal';

// Issue 26 item 4: the held-answers file settles `sending` rows as the journal opens; it must be one
// this desk sealed with its journal key, not one anybody who can write the data folder planted.
let dir: string;
let file: string;
const logs: string[] = [];
const KEY = randomBytes(32);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-held-'));
  file = join(dir, 'journal.sqlite');
  logs.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (key = KEY) =>
  openWithHeldAnswers(
    file,
    async (heldAnswers) => asJournalStore(openJournal(file, { heldAnswers })),
    (line) => logs.push(line),
    key,
  );

/**
 * A withdrawal whose request left, and then the desk died before its answer was recorded; with
 * `held`, the service's answer had arrived and was kept in the sealed side file (a full disk).
 */
async function interruptedWithdrawal({ held = false } = {}): Promise<number> {
  const { journal, pending } = await open();
  const id = await journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
  if (held)
    pending.hold({ journalId: id, input: { outcome: 'accepted', response: { withdrawal_id: 'wd_real' } } });
  await journal.close();
  return id;
}

/** What the attacker wants recorded: "the service refused it", so the duplicate guard lets it go again. */
const refusedAnswer = (journalId: number) => ({
  journalId,
  input: { outcome: 'rejected', response: { code: 422, message: 'Insufficient balance' } },
});

describe('held answers are sealed with the journal key', () => {
  it('a planted side file is refused: the interrupted withdrawal becomes unknown, not rejected', async () => {
    const id = await interruptedWithdrawal();
    const planted = JSON.stringify({ version: 1, answers: [refusedAnswer(id)] });
    writeFileSync(sideFileOf(file), planted);

    const { journal } = await open();
    expect(await journal.get(id)).toMatchObject({ state: 'unknown' });
    expect(logs.join('\n')).toMatch(/side file of unrecorded answers .* was refused: it carries no seal/);
    // Left in place, untouched, for a person; said again on the next start.
    expect(readFileSync(sideFileOf(file), 'utf8')).toBe(planted);
    await journal.close();
    logs.length = 0;
    await (await open()).journal.close();
    expect(logs.join('\n')).toMatch(/was refused/);
  });

  it('an edited sealed file is refused, and so is one sealed with another key', async () => {
    const id = await interruptedWithdrawal({ held: true });
    const genuine = readFileSync(sideFileOf(file), 'utf8');
    const edited = genuine.replace('accepted', 'rejected');
    expect(edited).not.toBe(genuine);
    writeFileSync(sideFileOf(file), edited);
    const first = await open();
    expect(logs.join('\n')).toMatch(/refused: its seal does not match this desk's journal key/);
    await first.journal.close();

    // The first open already marked the row unknown: a copy under another key must not settle it.
    writeFileSync(sideFileOf(file), genuine);
    const second = await open(randomBytes(32));
    expect(logs.join('\n')).toMatch(/refused: its seal does not match/);
    expect(await second.journal.get(id)).toMatchObject({ state: 'unknown' });
    await second.journal.close();
  });

  it('the genuine sealed file is recorded as the journal opens, then removed', async () => {
    const id = await interruptedWithdrawal({ held: true });
    const genuine = readFileSync(sideFileOf(file), 'utf8');
    expect(JSON.parse(genuine)).toMatchObject({ version: 2, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const { journal } = await open();
    expect(await journal.get(id)).toMatchObject({ state: 'accepted', withdrawalId: null });
    expect(existsSync(sideFileOf(file))).toBe(false);
    await journal.close();
  });

  it('an answer held beside a refused file moves the refused one aside rather than overwrite it', async () => {
    await interruptedWithdrawal();
    const planted = JSON.stringify({ version: 1, answers: [refusedAnswer(1)] });
    writeFileSync(sideFileOf(file), planted);
    const { journal, pending } = await open();
    const next = await journal.begin('createWithdrawal', {
      ...live,
      requestBody: withdrawalBody({ amount: '2' }),
    });
    expect(pending.hold({ journalId: next, input: { outcome: 'accepted', response: {} } })).toBe(true);
    const aside = readdirSync(dir).find((name) => name.startsWith('journal.sqlite.answers.json.refused-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(dir, aside!), 'utf8')).toBe(planted);
    expect(JSON.parse(readFileSync(sideFileOf(file), 'utf8'))).toMatchObject({ version: 2 });
    await journal.close();
  });
});

describe('held answers and a journal newer than this app', () => {
  it('stay in their side file, unrecorded, for the app that can record them', async () => {
    const id = await interruptedWithdrawal({ held: true });
    const sealed = readFileSync(sideFileOf(file));
    const stamp = new BetterSqlite3(file);
    stamp.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    stamp.close();
    const { journal } = await open();
    expect(journal.readOnly).toMatch(/open read-only/);
    expect((await journal.get(id))?.state).toBe('sending');
    await journal.close();
    expect(readFileSync(sideFileOf(file))).toEqual(sealed);
  });
});
