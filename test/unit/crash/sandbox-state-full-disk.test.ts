import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadState, saveState } from '../../../src-main/sandbox/persistence';
import { createInitialState } from '../../../src-main/sandbox/state';
import { DEMO_MERCHANT } from '../../../src-main/sandbox';

/** prlimit (util-linux) sets this process's file-size limit: the disk refuses a write part-way. */
const hasPrlimit = process.platform === 'linux' && existsSync('/usr/bin/prlimit');
const fileSizeLimit = (value?: string): string =>
  execFileSync(
    'prlimit',
    [
      '--pid',
      String(process.pid),
      value ? `--fsize=${value}` : '--fsize',
      '--output=SOFT,HARD',
      '--noheadings',
    ],
    {
      encoding: 'utf8',
    },
  ).trim();

describe('the sandbox state file on a disk that gives out part-way', () => {
  it.runIf(hasPrlimit)('keeps the previous state whole instead of renaming half a file over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-sandbox-full-'));
    const file = join(dir, 'sandbox-state.json');
    const small = createInitialState([DEMO_MERCHANT], 1, Date.UTC(2030, 0, 1));
    saveState(file, small);
    const before = readFileSync(file);
    const big = structuredClone(small);
    big.merchants[DEMO_MERCHANT.id]!.name = 'x'.repeat(before.length * 2);
    const [soft, hard] = fileSizeLimit().split(/\s+/);
    let failure: unknown;
    fileSizeLimit(`${before.length + 100}:${hard}`);
    try {
      saveState(file, big);
    } catch (error) {
      failure = error;
    } finally {
      fileSizeLimit(`${soft}:${hard}`);
    }
    expect(failure).toBeDefined();
    expect(readFileSync(file)).toEqual(before);
    expect(loadState(file)).toEqual(small);
    expect(readdirSync(dir)).toEqual(['sandbox-state.json']);
  });
});
