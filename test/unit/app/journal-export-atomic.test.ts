import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportJournalCsv } from '../../../src-main/app/journal-export';

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
    { encoding: 'utf8' },
  ).trim();

const journalOf = (text: string) => ({
  exportCsv: () => ({ text, rows: 1, pieces: () => [text], changed: () => false }),
  verifyChain: () => ({ ok: true as const, events: 1, head: 'a'.repeat(64) }),
});

describe('journal export on a disk that gives out part-way', () => {
  it.runIf(hasPrlimit)('keeps the previous export whole instead of leaving half a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-export-'));
    const path = join(dir, 'journal.csv');
    writeFileSync(path, 'previous export\r\n');
    writeFileSync(`${path}.chain-head.txt`, 'previous head\n');
    const [soft, hard] = fileSizeLimit().split(/\s+/);
    let failure: unknown;
    try {
      await exportJournalCsv({
        journal: journalOf(`id,operation\r\n${'1,createInvoice\r\n'.repeat(8000)}`),
        // Limited only now, for the writes that follow: nothing else in this process writes meanwhile.
        chooseExportPath: async () => {
          fileSizeLimit(`8192:${hard}`);
          return path;
        },
      });
    } catch (error) {
      failure = error;
    } finally {
      fileSizeLimit(`${soft}:${hard}`);
    }
    expect(failure).toMatchObject({
      kind: 'internal',
      message: expect.stringMatching(/could not be saved.*EFBIG/),
    });
    expect(readFileSync(path, 'utf8')).toBe('previous export\r\n');
    expect(readFileSync(`${path}.chain-head.txt`, 'utf8')).toBe('previous head\n');
    expect(readdirSync(dir).sort()).toEqual(['journal.csv', 'journal.csv.chain-head.txt']);
  });
});
