import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// fileURLToPath, not .pathname: on Windows .pathname is '/C:/...', which no process can open.
const script = fileURLToPath(new URL('../../../scripts/test-summary.mjs', import.meta.url));

function summarise(log: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'summary-')), 'log.txt');
  writeFileSync(file, log);
  return execFileSync(process.execPath, [script, file], { encoding: 'utf8' }).trim();
}

describe('the closing summary line', () => {
  it('adds vitest and Playwright counts, whatever unit Playwright gives its duration in', () => {
    const log = [
      '      Tests  \u001b[32m879 passed\u001b[39m (879)',
      '  42 passed (3.6m)',
      '  Electron e2e skipped.',
      '  42 skipped',
    ].join('\n');
    expect(summarise(log)).toBe('Summary: 921 passed, 0 failed, 42 skipped');
  });

  it('counts failures from both runners and ignores test titles that mention counts', () => {
    const log = [
      '      Tests  2 failed | 10 passed (12)',
      '  ✓  1 [chromium] › shows 3 passed items (1.2s)',
      '  1 failed',
      '  5 passed (27.4s)',
    ].join('\n');
    expect(summarise(log)).toBe('Summary: 15 passed, 3 failed, 0 skipped');
  });
});
