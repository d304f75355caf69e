import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportJournalCsv } from '@main/app/journal-export';
import { parseCsv } from '@test/helpers/parse-csv';
import { invoiceBody, live, tempJournal, withdrawalBody } from '@test/helpers/journal';
import { asJournalStore } from '@main/storage/sqlite/journal-store';

let t: ReturnType<typeof tempJournal>;
let dir: string;
beforeEach(() => {
  t = tempJournal();
  dir = mkdtempSync(join(tmpdir(), 'md-export-filter-'));
  const w = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
  t.journal.settle(w, { outcome: 'accepted', externalIds: { withdrawalId: 'W-1' } });
  const i = t.journal.begin('createInvoice', { ...live, requestBody: invoiceBody() });
  t.journal.settle(i, { outcome: 'accepted' });
});
afterEach(() => t.cleanup());

describe('exporting the filtered rows', () => {
  it('writes only the rows the filter selects, with the chain head beside them', async () => {
    const path = join(dir, 'invoices.csv');
    const result = await exportJournalCsv(
      { journal: asJournalStore(t.journal), chooseExportPath: async () => path },
      { operation: 'createInvoice' },
    );
    expect(result).toMatchObject({ path, rows: 1, headPath: `${path}.chain-head.txt` });
    const rows = parseCsv(readFileSync(path, 'utf8'));
    expect(rows.map((r) => r.operation)).toEqual(['createInvoice']);
    expect(readFileSync(`${path}.chain-head.txt`, 'utf8')).toBe(`${result.chainHead}\n`);
  });

  it('leaves no CSV behind when the head beside it cannot be written, and says so', async () => {
    const path = join(dir, 'journal.csv');
    // A folder where the head file should go: the CSV is written, then its head fails.
    mkdirSync(`${path}.chain-head.txt`);
    await expect(
      exportJournalCsv({ journal: asJournalStore(t.journal), chooseExportPath: async () => path }, {}),
    ).rejects.toMatchObject({ message: expect.stringMatching(/could not be saved/) });
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });
});
