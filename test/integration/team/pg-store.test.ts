import { describeJournalStoreContract } from '../../unit/storage/contract';
import { describeWithPg } from '../../helpers/pg-team';
import { pgHarness } from './pg-harness';

describeWithPg('team ledger store', (cluster) => {
  describeJournalStoreContract('PostgreSQL team ledger', () => pgHarness(cluster()), {
    webhookLog: 'the webhook log on PostgreSQL is h-recon’s (webhook-log.ts), not merged in this branch',
    reconciliation: 'reconciliation on PostgreSQL is h-recon’s (recon-*.ts), not merged in this branch',
  });
});
