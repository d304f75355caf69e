import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasPrlimit, withFileSizeLimit } from '@test/helpers/file-size-limit';
import { describe, expect, it } from 'vitest';
import { exportJournalCsv } from '@main/app/journal-export';

const journalOf = (text: string) => ({
  exportCsv: async () => ({
    rows: 1,
    async *pieces() {
      yield text;
    },
    text: async () => text,
    changed: async () => false,
  }),
  verifyChain: async () => ({ ok: true as const, events: 1, head: 'a'.repeat(64) }),
});

describe('journal export on a disk that gives out part-way', () => {
  it.runIf(hasPrlimit)('keeps the previous export whole instead of leaving half a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-export-'));
    const path = join(dir, 'journal.csv');
    writeFileSync(path, 'previous export\r\n');
    writeFileSync(`${path}.chain-head.txt`, 'previous head\n');
    const failure = await withFileSizeLimit((limitTo) =>
      exportJournalCsv({
        journal: journalOf(`id,operation\r\n${'1,createInvoice\r\n'.repeat(8000)}`),
        // Limited only now, for the writes that follow: nothing else in this process writes meanwhile.
        chooseExportPath: async () => {
          limitTo(8192);
          return path;
        },
      }).catch((error: unknown) => error),
    );
    expect(failure).toMatchObject({
      kind: 'internal',
      message: expect.stringMatching(/could not be saved.*EFBIG/),
    });
    expect(readFileSync(path, 'utf8')).toBe('previous export\r\n');
    expect(readFileSync(`${path}.chain-head.txt`, 'utf8')).toBe('previous head\n');
    expect(readdirSync(dir).sort()).toEqual(['journal.csv', 'journal.csv.chain-head.txt']);
  });
});
