import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { entryLauncher, movedAside } from '@test/helpers/entry-launch';

// src-main/index.ts imports `electron`; here that import is the stand-in of the running test.
const current = vi.hoisted(() => ({ electron: {} as Record<string, unknown> }));
vi.mock('electron', async () => (await import('@test/helpers/entry-launch')).electronModule(current));

const launch = entryLauncher(current);

const holderScript = fileURLToPath(new URL('../../helpers/journal-holder-child.ts', import.meta.url));
const dataDir = () => mkdtempSync(join(tmpdir(), 'md-start-'));

/** The failed start explained itself, let go of the lock, and left; a fresh start then works. */
async function expectRecovered(dir: string, file: string, original: Buffer, words: RegExp) {
  const failed = await launch(dir, [0]);
  expect(failed.record.windows).toHaveLength(0);
  expect(failed.record.messageBoxes[0]?.message).toMatch(words);
  expect(failed.record.messageBoxes[0]?.buttons).toEqual(['Move it aside and start fresh', 'Quit']);
  expect(failed.record.lockReleased).toBe(true);
  expect(failed.record).toMatchObject({ relaunched: true, exitCode: 0 });
  // Kept, byte for byte, beside where it was: never overwritten.
  const [moved] = movedAside(dir, file);
  expect(moved).toBeDefined();
  expect(readFileSync(join(dir, moved!))).toEqual(original);

  const relaunched = await launch(dir);
  expect(relaunched.record.windows).toHaveLength(1);
  expect(relaunched.record.messageBoxes).toEqual([]);
}

describe('a start-up failure is explained, recoverable, and leaves cleanly', () => {
  it('a corrupt journal database: moved aside, and the desk starts with a new one', async () => {
    const dir = dataDir();
    const garbage = Buffer.from('SQLite format 3\0 but the rest of the pages are gone'.repeat(40));
    writeFileSync(join(dir, 'journal.sqlite'), garbage);
    await expectRecovered(dir, 'journal.sqlite', garbage, /journal database .* is damaged/i);
  });

  it('a truncated Sandbox data file', async () => {
    const dir = dataDir();
    const truncated = Buffer.from('{"version":1,"merchants":{"sandbox-merchant":{"id":"sand');
    writeFileSync(join(dir, 'sandbox-state.json'), truncated);
    await expectRecovered(dir, 'sandbox-state.json', truncated, /Sandbox data file .* is damaged/);
  });

  it('a profiles file from a newer version: quitting is the default, and nothing is touched', async () => {
    const dir = dataDir();
    const newer = Buffer.from(JSON.stringify({ version: 9, activeProfileId: 'sandbox', profiles: [] }));
    writeFileSync(join(dir, 'profiles.json'), newer);
    const run = await launch(dir);
    expect(run.record.messageBoxes[0]?.message).toMatch(/newer version of Merchant Desk/);
    expect(run.record.messageBoxes[0]?.detail).toMatch(/Update Merchant Desk/);
    expect(run.record).toMatchObject({ lockReleased: true, relaunched: false, exitCode: 1 });
    expect(readFileSync(join(dir, 'profiles.json'))).toEqual(newer);
    // Asked again, the person may choose to set it aside and start fresh.
    await expectRecovered(dir, 'profiles.json', newer, /newer version/);
  });

  it('a journal locked by another process: says so, retries, and starts once it is free', async () => {
    const dir = dataDir();
    const holder = spawn(process.execPath, ['--import', 'tsx', holderScript, join(dir, 'journal.sqlite')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve());
      holder.on('exit', (code) => reject(new Error(`holder exited early (${code})`)));
    });
    try {
      const run = await launch(dir);
      expect(run.record.windows).toHaveLength(0);
      expect(run.record.messageBoxes[0]).toMatchObject({
        message: 'The journal is in use by another program.',
        buttons: ['Try again', 'Quit'],
      });
      expect(run.record).toMatchObject({ lockReleased: true, relaunched: true, exitCode: 0 });
      expect(existsSync(join(dir, 'journal.sqlite'))).toBe(true);
      expect(movedAside(dir, 'journal.sqlite')).toEqual([]);
    } finally {
      holder.stdin.end();
      await new Promise((resolve) => holder.on('exit', resolve));
    }
    const relaunched = await launch(dir);
    expect(relaunched.record.windows).toHaveLength(1);
  });
});
