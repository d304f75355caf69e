import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import { DEMO_MERCHANT } from '@main/sandbox';
import { crashDataDir, okOf, startCrashDesk, type CrashDesk } from '@test/helpers/crash-desk';
import { writeDrillRows, type DrillRow } from '@test/helpers/crash-report';

/**
 * A crash in the middle of a webhook import and of a CSV export: the desk (real services, child
 * process, the built-in Sandbox profile) is killed at an exact point, then started again.
 */
// Each drill starts processes; on a busy 2-core machine one start can take several seconds.
const DRILL_TIMEOUT_MS = 60_000;
let dataDir: string;
let desk: CrashDesk;
const rows: DrillRow[] = [];

beforeAll(async () => {
  dataDir = crashDataDir();
  desk = await startCrashDesk(dataDir);
}, DRILL_TIMEOUT_MS);
afterAll(async () => {
  await desk?.close();
  rmSync(dataDir, { recursive: true, force: true });
  writeDrillRows('batch-crash-drills', rows);
});

/** Withdrawal events for withdrawals this desk never sent: verified, and kept (parked) in the log. */
function deliveriesFile(count: number): string {
  return Array.from({ length: count }, (_, i) => {
    const body = JSON.stringify({
      event: 'withdrawal.success',
      event_id: `evt_crash_${i}`,
      data: { withdrawal_id: `wd_crash_${i}`, status: 'completed' },
    });
    return JSON.stringify({ raw_body: body, signature: signWebhookBody(body, DEMO_MERCHANT.apiKey) });
  }).join('\n');
}

/** Rows in the desk's webhook log, and how many different events they hold. */
const logRows = () => {
  const db = new Database(join(dataDir, 'webhooks.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) AS rows, count(DISTINCT dedupe_key) AS events FROM deliveries').get();
  } finally {
    db.close();
  }
};

const restart = async () => {
  expect(await desk.exited).toBe('SIGKILL');
  desk = await startCrashDesk(dataDir);
};

describe('a crash in the middle of a batch', () => {
  it(
    'webhook import killed after its first batch: whole batches only, and importing again completes it once',
    async () => {
      const content = deliveriesFile(450);
      await desk.arm({ stopAtEvent: 'webhooks:import-progress' });
      void desk.call('webhooks:import', { kind: 'jsonl', content });
      expect(await desk.checkpoint).toBe('webhooks:import-progress');
      await desk.kill();
      await restart();
      // The first batch (200 lines, one transaction) is in; nothing of the second.
      expect(logRows()).toEqual({ rows: 200, events: 200 });

      const again = okOf(await desk.call('webhooks:import', { kind: 'jsonl', content }));
      expect(again.counts).toMatchObject({ lines: 450, read: 450, rejected: 0, skipped: 0 });
      // Every event is in. The 200 already waiting are kept a second time (waiting deliveries are not
      // de-duplicated by the intake, by design: the journal refuses the second one when it applies).
      expect(logRows()).toEqual({ rows: 650, events: 450 });
      rows.push({
        drill: 'webhook import (450 lines)',
        step: 'after batch 1 of 3 was written',
        saw: '200 deliveries in the log; the import ends without its summary',
        repeated: 0,
        lost: 0,
        resolvedBy:
          'importing the file again: all 450 events in (the 200 still waiting for an entry are logged twice)',
      });
    },
    DRILL_TIMEOUT_MS,
  );

  it(
    'CSV export killed half-way through writing: the previous file stays whole, and the next export leaves no half file',
    async () => {
      const day = new Date().toISOString().slice(0, 10);
      const csv = join(dataDir, `merchant-desk-journal-${day}.csv`);
      writeFileSync(csv, 'previous export\r\n');
      writeFileSync(`${csv}.chain-head.txt`, 'previous head\n');
      await desk.arm({ stallWriteOver: 10 });
      void desk.call('journal:export-csv', {});
      expect(await desk.checkpoint).toBe('half-written');
      await desk.kill();
      expect(readFileSync(csv, 'utf8')).toBe('previous export\r\n');
      expect(readFileSync(`${csv}.chain-head.txt`, 'utf8')).toBe('previous head\n');
      await restart();

      const exported = okOf(await desk.call('journal:export-csv', {}));
      expect(exported.path).toBe(csv);
      expect(readFileSync(csv, 'utf8')).toMatch(/^id,/);
      expect(existsSync(`${csv}.chain-head.txt`)).toBe(true);
      // The half-written temporary file of the killed export is gone too: no half file anywhere.
      expect(readdirSync(dataDir).filter((name) => name.includes('.csv.'))).toEqual([
        `merchant-desk-journal-${day}.csv.chain-head.txt`,
      ]);
      rows.push({
        drill: 'CSV export',
        step: 'half-way through writing the file',
        saw: 'the previous export, whole; no half file',
        repeated: 0,
        lost: 0,
        resolvedBy: 'exporting again (the killed attempt’s temporary file is removed)',
      });
    },
    DRILL_TIMEOUT_MS,
  );
});
