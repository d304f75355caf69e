import { webhookLogContract } from '@test/unit/storage/contract/webhook-log';
import type { StoreHarness } from '@test/unit/storage/contract';
import { openPgWebhookLog } from '@main/storage/pg/webhook-log';
import { createPgTeam, describeWithPg } from '../../helpers/pg-team';
import { deskPool, type DeskPool } from './recon-pools';

/** The storage contract's webhook-log part, against the team ledger: one database per test. */
describeWithPg('webhook log contract: PostgreSQL team ledger', (cluster) => {
  webhookLogContract(async (): Promise<StoreHarness> => {
    const team = await createPgTeam(cluster(), 'wh');
    const desk = await team.seedDesk('Desk A');
    let pool: DeskPool | undefined;
    const notHere = () => Promise.reject(new Error('the webhook-log part opens no journal'));
    return {
      open: notHere,
      tamperEntry: notHere,
      async webhookLog() {
        pool ??= await deskPool(team, desk, 'olga');
        return openPgWebhookLog(pool);
      },
      async cleanup() {
        await pool?.end();
        await team.close();
      },
    };
  });
});
