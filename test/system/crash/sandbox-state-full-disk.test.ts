import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasPrlimit, withFileSizeLimit } from '@test/helpers/file-size-limit';
import { describe, expect, it } from 'vitest';
import { loadState, saveState } from '@main/sandbox/persistence';
import { createInitialState } from '@main/sandbox/state';
import { DEMO_MERCHANT } from '@main/sandbox';

describe('the sandbox state file on a disk that gives out part-way', () => {
  it.runIf(hasPrlimit)('keeps the previous state whole instead of renaming half a file over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-sandbox-full-'));
    const file = join(dir, 'sandbox-state.json');
    const small = createInitialState([DEMO_MERCHANT], 1, Date.UTC(2030, 0, 1));
    saveState(file, small);
    const before = readFileSync(file);
    const big = structuredClone(small);
    big.merchants[DEMO_MERCHANT.id]!.name = 'x'.repeat(before.length * 2);
    const failure = await withFileSizeLimit((limitTo) => {
      limitTo(before.length + 100);
      try {
        saveState(file, big);
      } catch (error) {
        return error;
      }
    });
    expect(failure).toBeDefined();
    expect(readFileSync(file)).toEqual(before);
    expect(loadState(file)).toEqual(small);
    expect(readdirSync(dir)).toEqual(['sandbox-state.json']);
  });
});
