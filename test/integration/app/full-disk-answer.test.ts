import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS };
let app: AppHarness;
let diskFull = false;

/**
 * The disk fills between sending and settling: every statement that records an answer fails the way
 * SQLite fails on a full disk, inside the settle transaction (which therefore rolls back whole).
 */
function fillDiskAtSettle() {
  const prepare = BetterSqlite3.prototype.prepare;
  vi.spyOn(BetterSqlite3.prototype, 'prepare').mockImplementation(function (
    this: BetterSqlite3.Database,
    sql: string,
  ) {
    if (diskFull && /^UPDATE entries SET state/.test(sql))
      throw new BetterSqlite3.SqliteError('database or disk is full', 'SQLITE_FULL');
    return prepare.call(this, sql);
  } as typeof prepare);
}

afterEach(async () => {
  diskFull = false;
  vi.restoreAllMocks();
  await app.dispose();
});

async function entry(journalId: string) {
  return (await app.ok('journal:list', { limit: 20 })).entries.find((e) => e.id === journalId)!;
}

describe('a full disk between sending and settling', () => {
  it('still gives the person what the service said, keeps it, and records it when the disk allows', async () => {
    // The driver is stubbed in this process: the journal runs here, not in its worker.
    app = await startAppHarness({ journalOnMainThread: true });
    fillDiskAtSettle();
    diskFull = true;
    const result = await app.call('withdrawals:create', withdrawal);
    // The service accepted it: the person is told so, with its id, and that the desk is behind.
    expect(result.ok).toBe(true);
    const answer = result.ok ? result.data : null;
    expect(app.sandbox.control.withdrawals()).toHaveLength(1);
    expect(answer).toMatchObject({
      outcome: 'accepted',
      data: { withdrawal_id: expect.stringMatching(/^wd_/) },
    });
    const withdrawalId = (answer!.data as { withdrawal_id: string }).withdrawal_id;
    const note = answer!.warnings!.join(' ');
    expect(note).toContain(`accepted this as ${withdrawalId}`);
    expect(note).toMatch(/could not record it: the disk is full/);

    // Kept beside the journal (atomically written, no key or signature in it).
    const sideFile = join(app.dataDir, 'journal.sqlite.answers.json');
    expect(existsSync(sideFile)).toBe(true);
    const kept = readFileSync(sideFile, 'utf8');
    expect(kept).toContain(withdrawalId);
    expect(kept).not.toMatch(/sign|api.?key/i);
    expect((await entry(answer!.journalId)).state).toBe('sending');

    // A webhook arriving while the disk is still full matches nothing else and waits.
    app.sandbox.control.completeWithdrawal(withdrawalId);
    await app.sandbox.control.flushWebhooks();
    expect((await entry(answer!.journalId)).state).toBe('sending');

    // Space is freed: the next webhook (or write, or the timer) records the held answer first.
    diskFull = false;
    const second = await app.ok('withdrawals:create', {
      ...withdrawal,
      amount: '11',
    });
    expect(second.outcome).toBe('accepted');
    await expect.poll(async () => (await entry(answer!.journalId)).state).toBe('accepted');
    const recorded = await entry(answer!.journalId);
    expect(recorded.externalIds).toEqual({ withdrawalId });
    // The parked webhook now names an entry that carries its id.
    await expect.poll(async () => (await entry(answer!.journalId)).settlement).toBe('completed');
    expect(existsSync(sideFile)).toBe(false);
  });
});
