import { webhookLogContract } from '@test/unit/storage/contract/webhook-log';
import type { StoreHarness } from '@test/unit/storage/contract';
import type { DeskConnection } from '@main/storage/pg/desk-connection';
import { openPgWebhookLog } from '@main/storage/pg/webhook-log';
import { createPgTeam, describeWithPg } from '../../helpers/pg-team';
import { deskDb } from './recon-desk-db';

/** The storage contract's webhook-log part, against the team ledger: one database per test. */
describeWithPg('webhook log contract: PostgreSQL team ledger', (cluster) => {
  webhookLogContract(async (): Promise<StoreHarness> => {
    const team = await createPgTeam(cluster(), 'wh');
    const desk = await team.seedDesk('Desk A');
    let db: DeskConnection | undefined;
    const notHere = () => Promise.reject(new Error('the webhook-log part opens no journal'));
    return {
      open: notHere,
      tamperEntry: notHere,
      async webhookLog() {
        db ??= await deskDb(team, desk, 'olga');
        return openPgWebhookLog(db);
      },
      async cleanup() {
        await db?.close();
        await team.close();
      },
    };
  });
});
