import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@main/storage/sqlite/migrations';
import { startAppHarness } from '@test/helpers/app-harness';

// Issue 30 item 3: a desk older than its own journal opens it read-only and says so.
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('a journal written by a newer Merchant Desk', () => {
  it('opens read-only: the history shows, money writes are refused in words and reach no service', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'md-newer-app-'));
    dirs.push(dataDir);
    const first = await startAppHarness({ dataDir });
    expect((await first.ok('app:info')).journalReadOnly).toBeNull();
    await first.ok('invoices:create', { order_id: 'ORD-OLD-1', amount: '25' });
    await first.dispose();

    const file = join(dataDir, 'journal.sqlite');
    const stamp = new BetterSqlite3(file);
    stamp.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    stamp.close();
    const hash = () => createHash('sha256').update(readFileSync(file)).digest('hex');
    const before = hash();

    const app = await startAppHarness({ dataDir });
    try {
      const words = (await app.ok('app:info')).journalReadOnly;
      expect(words).toMatch(
        new RegExp(`newer version of Merchant Desk \\(schema ${MIGRATIONS.length + 1}; this app knows`),
      );
      expect(app.logs.some((line) => line.includes('It is open read-only'))).toBe(true);
      const page = await app.ok('journal:page', {});
      expect(page.entries.map((e) => e.operation)).toEqual(['createInvoice']);

      const invoices = () => Object.keys(app.sandbox.control.state().invoices).length;
      const [invoicesBefore, withdrawalsBefore] = [invoices(), app.sandbox.control.withdrawals().length];
      const invoice = await app.call('invoices:create', { order_id: 'ORD-NEW-1', amount: '25' });
      expect(invoice).toMatchObject({ ok: false, error: { kind: 'journal-newer-schema', message: words } });
      const withdrawal = await app.call('withdrawals:create', {
        coin: 'usdt',
        network: 'tron',
        amount: '10',
        to_address: ADDRESS,
      });
      expect(withdrawal).toMatchObject({ ok: false, error: { kind: 'journal-newer-schema' } });
      expect(invoices()).toBe(invoicesBefore);
      expect(app.sandbox.control.withdrawals().length).toBe(withdrawalsBefore);
    } finally {
      await app.dispose();
    }
    expect(hash()).toBe(before);
  });
});
