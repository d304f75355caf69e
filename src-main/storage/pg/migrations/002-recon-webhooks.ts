import { DELIVERIES_SQL } from './002-recon-webhooks-deliveries';
import { DELIVERIES_PRUNE_SQL } from './002-recon-webhooks-prune';
import { FACTS_SQL } from './002-recon-webhooks-facts';
import { RECON_GRANTS_SQL } from './002-recon-webhooks-grants';
import { SESSIONS_SQL } from './002-recon-webhooks-sessions';
import type { Migration } from './migration';

/** The team's webhook log and reconciliation: deliveries, balance snapshots, movements, sessions. */
export const reconWebhooks: Migration = {
  version: 2,
  name: 'recon-webhooks',
  // The facts first: they define the checks on times and amounts the others use.
  sql: [FACTS_SQL, DELIVERIES_SQL, DELIVERIES_PRUNE_SQL, SESSIONS_SQL, RECON_GRANTS_SQL].join('\n'),
};
