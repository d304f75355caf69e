import { ATTACH_SQL } from './007-reads-attach';
import { EXACT_SQL } from './007-reads-exact';
import type { Migration } from './migration';

/**
 * The Journal's reads at a million shared entries: equality indexes for a whole identifier typed in
 * the search (building them takes the table's write lock for a few seconds per index at that size).
 * And a desk's attachment told without pg_stat_activity, so the ledger's owner needs no
 * pg_read_all_stats. Migrating detaches the connections open at the time: their writes are refused
 * ("has not said which desk it is") until the desk connects again, as after any migration it must.
 */
export const reads: Migration = {
  version: 7,
  name: 'reads-and-attach',
  sql: [EXACT_SQL, ATTACH_SQL].join('\n'),
};
