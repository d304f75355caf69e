import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { JournalStore } from '@main/storage/port';
import type { WebhookLog } from '@main/storage/port/webhook-log';
import { openWebhookLog } from '@main/storage/sqlite/webhook-log';
import type { StoreHarness } from './contract';

/** SQLite on the calling thread: one temp folder per test, a clock that ticks a second per call. */
export async function sqliteHarness(
  open: (file: string, options: { deskId: string; now: () => Date }) => Promise<JournalStore>,
): Promise<StoreHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'md-contract-'));
  const file = join(dir, 'journal.sqlite');
  let t = Date.parse('2030-01-01T00:00:00Z');
  const now = () => new Date((t += 1000));
  const open_: JournalStore[] = [];
  let log: WebhookLog | undefined;
  return {
    async open(deskId) {
      const store = await open(file, { deskId, now });
      open_.push(store);
      return store;
    },
    async tamperEntry(id) {
      const db = new BetterSqlite3(file);
      db.prepare("UPDATE entries SET amount = '999999' WHERE id = ?").run(id);
      db.close();
    },
    async webhookLog() {
      log ??= openWebhookLog(join(dir, 'webhooks.sqlite'));
      return log;
    },
    async cleanup() {
      for (const store of open_) await store.close().catch(() => {});
      await log?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
