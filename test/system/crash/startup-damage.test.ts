import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { hasPrlimit, withFileSizeLimit } from '@test/helpers/file-size-limit';
import { openJournal } from '@main/storage/sqlite/journal';
import type { ElectronStandIn } from '@test/helpers/electron-stand-in';
import { live, withdrawalBody } from '@test/helpers/journal';
import { writeDrillRows, type DrillRow } from '@test/helpers/crash-report';
import { crashDataDir } from '@test/helpers/crash-desk';
import { entryLauncher, movedAside } from '@test/helpers/entry-launch';

// src-main/index.ts imports `electron`; here that import is the stand-in of the running test.
const current = vi.hoisted(() => ({ electron: {} as Record<string, unknown> }));
vi.mock('electron', async () => (await import('@test/helpers/entry-launch')).electronModule(current));

const launch = entryLauncher(current);
const rows: DrillRow[] = [];
afterAll(() => {
  writeDrillRows('startup-damage', rows);
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

// In memory (/dev/shm): removed after the file, so nothing outlives the run.
const made: string[] = [];
const dataDir = () => made[made.push(crashDataDir()) - 1]!;
const saw = (run: ElectronStandIn) => {
  const box = run.record.messageBoxes[0];
  return box ? `"${box.message}" [${box.buttons.join(' / ')}]` : 'the desk';
};

/** Quitting at the message changes nothing; moving aside keeps the bytes; the next start works. */
async function expectDamagedAndKept(dir: string, name: string, words: RegExp, drill: string) {
  const original = readFileSync(join(dir, name));
  const quit = await launch(dir, [1]);
  expect(quit.record.windows).toHaveLength(0);
  expect(quit.record.messageBoxes[0]?.message).toMatch(words);
  expect(quit.record).toMatchObject({ lockReleased: true, exitCode: 1 });
  expect(readFileSync(join(dir, name))).toEqual(original);

  const recovered = await launch(dir, [0]);
  expect(recovered.record).toMatchObject({ relaunched: true, exitCode: 0 });
  const [moved] = movedAside(dir, name);
  expect(readFileSync(join(dir, moved!))).toEqual(original);
  const fresh = await launch(dir);
  expect(fresh.record.windows).toHaveLength(1);
  rows.push({
    drill,
    step: 'start-up',
    saw: saw(quit),
    repeated: 0,
    lost: 0,
    resolvedBy: `moved aside to ${name}.damaged-…, bytes kept`,
  });
}

/** A journal with a few entries, written by the journal itself. */
function realJournal(dir: string): string {
  const file = join(dir, 'journal.sqlite');
  const journal = openJournal(file);
  for (let i = 1; i <= 40; i++) {
    const id = journal.begin('createWithdrawal', {
      ...live,
      requestBody: withdrawalBody({ amount: String(i) }),
    });
    journal.settle(id, { outcome: 'accepted', response: { withdrawal_id: `w-${i}`, note: 'x'.repeat(500) } });
  }
  journal.close();
  return file;
}

describe('damaged and hostile files at start-up', () => {
  it('a garbage journal (not a database at all) is reported, never overwritten, and can be moved aside', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'journal.sqlite'), randomBytes(64 * 1024));
    await expectDamagedAndKept(dir, 'journal.sqlite', /journal database .* is damaged/i, 'garbage journal');
  });

  it('a journal cut in half is reported, never overwritten, and can be moved aside', async () => {
    const dir = dataDir();
    const file = realJournal(dir);
    truncateSync(file, Math.floor(statSync(file).size / 2));
    await expectDamagedAndKept(dir, 'journal.sqlite', /journal database .* is damaged/i, 'truncated journal');
  });
});

describe('what belongs to a damaged journal goes with it', () => {
  it('answers held beside it (a full disk) are moved aside with it, not deleted by the fresh journal', async () => {
    const dir = dataDir();
    const file = realJournal(dir);
    const side = `${file}.answers.json`;
    const held = JSON.stringify({
      version: 1,
      answers: [{ journalId: 41, input: { outcome: 'accepted', response: { withdrawal_id: 'w-41' } } }],
    });
    writeFileSync(side, held);
    writeFileSync(file, randomBytes(64 * 1024));
    const recovered = await launch(dir, [0]);
    expect(recovered.record).toMatchObject({ relaunched: true, exitCode: 0 });
    const fresh = await launch(dir);
    expect(fresh.record.windows).toHaveLength(1);
    // Still there to be read, beside the journal it belongs to: the new journal has no entry #41.
    const [moved] = readdirSync(dir).filter((f) => f.startsWith('journal.sqlite.answers.json.damaged-'));
    expect(moved).toBeDefined();
    expect(readFileSync(join(dir, moved!), 'utf8')).toBe(held);
    expect(existsSync(side)).toBe(false);
  });
});

const isRoot = process.getuid?.() === 0;

describe('a data folder that cannot be written', () => {
  it('the data folder path is a file: says so and what to do, and leaves the file alone', async () => {
    const dir = dataDir();
    const path = join(dir, 'not-a-folder');
    writeFileSync(path, 'someone else’s file\n');
    const run = await launch(path);
    expect(run.record.windows).toHaveLength(0);
    expect(run.record.messageBoxes[0]).toMatchObject({
      message: 'Merchant Desk cannot write to its data folder.',
      detail: expect.stringMatching(
        /is not a folder .*Make it a folder you can write to.*Nothing was changed/s,
      ),
      buttons: ['Try again', 'Quit'],
    });
    expect(run.record).toMatchObject({ lockReleased: true });
    expect(readFileSync(path, 'utf8')).toBe('someone else’s file\n');
    rows.push({
      drill: 'data folder is a file',
      step: 'start-up',
      saw: saw(run),
      repeated: 0,
      lost: 0,
      resolvedBy: 'the person (nothing touched)',
    });
  });

  // chmod does not stop root (CI runs as root): there, the injected errors below cover this path.
  it.skipIf(isRoot)('a read-only data folder: says so and what to do', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'profiles.json'), 'kept as it is');
    chmodSync(dir, 0o500);
    try {
      const run = await launch(dir);
      expect(run.record.messageBoxes[0]?.message).toBe('Merchant Desk cannot write to its data folder.');
      expect(readFileSync(join(dir, 'profiles.json'), 'utf8')).toBe('kept as it is');
      rows.push({
        drill: 'read-only data folder',
        step: 'start-up',
        saw: saw(run),
        repeated: 0,
        lost: 0,
        resolvedBy: 'the person (nothing touched)',
      });
    } finally {
      chmodSync(dir, 0o700);
    }
  });

  it.runIf(hasPrlimit)(
    'a full disk: says so, nothing half-written, and the next start (with room) works',
    async () => {
      const dir = dataDir();
      const file = realJournal(dir);
      const before = readFileSync(file);
      // No file may grow past 2 KB: the journal and every other data file, as on a full disk.
      const run = await withFileSizeLimit((limitTo) => {
        limitTo(2048);
        return launch(dir);
      });
      expect(run.record.windows).toHaveLength(0);
      expect(run.record.messageBoxes[0]).toMatchObject({
        message: 'The disk is full or failing.',
        detail: expect.stringMatching(/Free some space on that disk, then try again/),
        buttons: ['Try again', 'Quit'],
      });
      expect(readFileSync(file)).toEqual(before);
      expect(movedAside(dir, 'journal.sqlite')).toEqual([]);
      const again = await launch(dir);
      expect(again.record.windows).toHaveLength(1);
      rows.push({
        drill: 'full disk',
        step: 'start-up',
        saw: saw(run),
        repeated: 0,
        lost: 0,
        resolvedBy: 'the person frees space; Try again starts',
      });
    },
  );
});

describe('the same explanations for errors this machine cannot produce (root ignores permissions)', () => {
  it.each([
    [
      { code: 'EACCES', syscall: 'open', path: '/data/profiles.json' },
      'Merchant Desk cannot write to its data folder.',
    ],
    [{ code: 'EROFS', syscall: 'mkdir', path: '/data' }, 'Merchant Desk cannot write to its data folder.'],
    [{ code: 'SQLITE_READONLY' }, 'Merchant Desk cannot write to its data folder.'],
    [{ code: 'SQLITE_CANTOPEN' }, 'Merchant Desk cannot write to its data folder.'],
    [{ code: 'ENOSPC', syscall: 'write' }, 'The disk is full or failing.'],
    [{ code: 'SQLITE_FULL' }, 'The disk is full or failing.'],
  ])('%o', async (fields, message) => {
    const { explainStartupFailure } = await import('@main/app/startup-failure');
    const explained = explainStartupFailure(Object.assign(new Error('low-level words'), fields), '/data');
    expect(explained).toMatchObject({ message, defaultId: 0, damaged: null });
    expect(explained.actions.map((a) => a.choice)).toEqual(['retry', 'quit']);
    expect(explained.detail).toMatch(/\/data .*then try again.*Nothing was changed or lost/s);
    if ('path' in fields) expect(explained.detail).toContain(fields.path);
  });

  it('any other failure still says what happened, in the generic words', async () => {
    const { explainStartupFailure } = await import('@main/app/startup-failure');
    const explained = explainStartupFailure(
      Object.assign(new Error('boom'), { code: 'EEXIST', syscall: 'open' }),
      '/data',
    );
    expect(explained.message).toBe('Merchant Desk could not start.');
  });
});
