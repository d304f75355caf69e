import { describeJournalStoreContract } from '../../unit/storage/contract';
import { describeWithPg } from '../../helpers/pg-team';
import { pgHarness } from './pg-harness';

describeWithPg('team ledger store', (cluster) => {
  describeJournalStoreContract('PostgreSQL team ledger', () => pgHarness(cluster()));
});
