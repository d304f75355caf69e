import { CHAIN_SQL } from './001-core-chain';
import { DESKS_SQL } from './001-core-desks';
import { GRANTS_SQL } from './001-core-grants';
import type { Migration } from './migration';

/** Schema `md`: roles, desks, the hash chain, entries and their functions, and who may run what. */
export const core: Migration = {
  version: 1,
  name: 'core',
  sql: [DESKS_SQL, CHAIN_SQL, GRANTS_SQL].join('\n'),
};
