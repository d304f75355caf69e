import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

// Issue 26 item 4, reproduced through the real services: a side store in the data folder is not
// evidence. One row written into webhooks.sqlite used to mark a payout failed at the next replay, and
// the duplicate guard then let the identical withdrawal be sent again.
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const request = { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS };
let app: AppHarness;
afterEach(async () => app.dispose());

/** What someone who can write the data folder does: a parked "withdrawal.failed" with no valid signature. */
function plantFailed(dataDir: string, withdrawalId: string) {
  const raw = JSON.stringify({
    event: 'withdrawal.failed',
    data: { withdrawal_id: withdrawalId, status: 'failed' },
  });
  const db = new BetterSqlite3(join(dataDir, 'webhooks.sqlite'));
  db.prepare(
    `INSERT INTO deliveries (id, dedupe_key, status, profile_id, raw_body, signature, received_at, source,
      verified, duplicate, event) VALUES ('planted', ?, 'parked', 'sandbox', ?, ?, ?, 'receiver', 1, 0, 'withdrawal.failed')`,
  ).run(`withdrawal:${withdrawalId}:withdrawal.failed`, raw, 'f'.repeat(64), new Date().toISOString());
  db.close();
}

describe('a planted parked webhook', () => {
  it('is refused at replay: the payout is not marked failed and the duplicate guard still holds', async () => {
    app = await startAppHarness();
    const sent = await app.ok('withdrawals:create', request);
    expect(sent.outcome).toBe('accepted');
    const withdrawalId = String((sent.data as { withdrawal_id: string }).withdrawal_id);
    plantFailed(app.dataDir, withdrawalId);

    // Any write replays parked deliveries once it is settled.
    expect((await app.ok('invoices:create', { order_id: 'ORD-PLANT', amount: '5.00' })).outcome).toBe(
      'accepted',
    );
    const entry = (await app.ok('journal:list', { limit: 10 })).entries.find((e) => e.id === sent.journalId);
    expect(entry?.settlement).not.toBe('failed');
    expect(await app.call('withdrawals:create', request)).toMatchObject({
      ok: false,
      error: { kind: 'duplicate-withdrawal' },
    });
    const planted = (await app.ok('webhooks:list')).deliveries.find((d) => d.id === 'planted');
    expect(planted).toMatchObject({ verified: false, rejection: 'signature-mismatch', appliedTo: null });
    expect(app.logs.join('\n')).toMatch(/parked delivery planted \(sandbox\) refused at replay/);
  });
});
