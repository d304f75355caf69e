import { BEGIN_SQL } from './001-core-begin';
import { CHAIN_SQL } from './001-core-chain';
import { CLAIM_SQL } from './001-core-claim';
import { DESKS_SQL } from './001-core-desks';
import { ENTRIES_SQL } from './001-core-entries';
import { GRANTS_SQL } from './001-core-grants';
import { RESOLVE_SQL } from './001-core-resolve';
import { WEBHOOKS_SQL } from './001-core-webhooks';
import type { Migration } from './migration';

/** Schema `md`: roles, desks, the hash chain, entries and their functions, and who may run what. */
export const core: Migration = {
  version: 1,
  name: 'core',
  sql: [DESKS_SQL, CHAIN_SQL, ENTRIES_SQL, BEGIN_SQL, CLAIM_SQL, RESOLVE_SQL, WEBHOOKS_SQL, GRANTS_SQL].join(
    '\n',
  ),
};
