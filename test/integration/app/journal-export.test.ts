import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  await app.dispose();
});

/** An unknown withdrawal, resolved by a person whose reason runs over several lines. */
async function resolvedWithMultiLineReason(amount: string) {
  app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
  const lost = await app.ok('withdrawals:create', {
    coin: 'usdt',
    network: 'tron',
    amount,
    to_address: ADDRESS,
  });
  await app.ok('journal:resolve', {
    id: lost.journalId,
    performed: true,
    reason: 'Seen in the dashboard.\nConfirmed by phone with the supplier,\r\nticket 4411.',
  });
}

describe('journal:export-csv', () => {
  it('counts rows from the data: a reason with line breaks is one row, not three', async () => {
    await resolvedWithMultiLineReason('10');
    await resolvedWithMultiLineReason('11');
    const exported = await app.ok('journal:export-csv');
    expect(exported.rows).toBe(2);
    const text = readFileSync(exported.path!, 'utf8');
    expect(text).toContain('"Seen in the dashboard.\nConfirmed by phone with the supplier,\r\nticket 4411."');
  });

  it('counts zero rows for an empty journal, and still writes the header and the chain head', async () => {
    const exported = await app.ok('journal:export-csv');
    expect(exported.rows).toBe(0);
    expect(readFileSync(exported.path!, 'utf8')).toMatch(/^id,operation,/);
    expect(existsSync(`${exported.path}.chain-head.txt`)).toBe(true);
  });

  it('writes both files whole, readable only by the owner, with no temp file left behind', async () => {
    await resolvedWithMultiLineReason('12');
    const exported = await app.ok('journal:export-csv');
    const path = exported.path!;
    // Windows has no POSIX permission bits (stat reports 0o666 whatever was asked): checked elsewhere.
    if (process.platform !== 'win32') {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(`${path}.chain-head.txt`).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(path, 'utf8').endsWith('\r\n')).toBe(true);
    expect(readdirSync(app.dataDir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('fails with a clear error and leaves no file when the folder cannot be written', async () => {
    await app.dispose();
    const missing = join('/nonexistent-folder-for-md-test', 'journal.csv');
    app = await startAppHarness({ chooseExportPath: async () => missing });
    const result = await app.call('journal:export-csv');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/could not be saved/);
    expect(existsSync(missing)).toBe(false);
  });

  it('writes nothing when the person cancels the save dialog', async () => {
    await app.dispose();
    app = await startAppHarness({ chooseExportPath: async () => null });
    await resolvedWithMultiLineReason('13');
    expect(await app.ok('journal:export-csv')).toMatchObject({ path: null, rows: 1 });
  });
});
