import { EXACT_SQL } from './007-reads-exact';
import type { Migration } from './migration';

/**
 * The Journal's reads at a million shared entries: equality indexes for a whole identifier typed in
 * the search. Building them takes the table's write lock for a few seconds per index at that size.
 */
export const reads: Migration = {
  version: 7,
  name: 'reads',
  sql: [EXACT_SQL].join('\n'),
};
