import type { ReconFactsStore } from '../port/recon-store';
import type { Queryable } from './recon-call';
import { openPgReconFacts } from './recon-facts';
import { openPgSessions, type PgSessionsStore } from './recon-sessions';

export { openPgWebhookLog, type PgWebhookLog, type RecordedAs } from './webhook-log';
export { verifyReconRows, type ReconRowsCheck } from './recon-verify';
export type { SessionPeople, SessionStep } from './recon-sessions';

/**
 * The JournalStore's `reconciliation` on the team ledger, over the pool the store already holds (its
 * connections attached to the desk): `{ facts, sessions }`, nothing to close of its own.
 */
export function openPgReconciliation(pool: Queryable): { facts: ReconFactsStore; sessions: PgSessionsStore } {
  return { facts: openPgReconFacts(pool), sessions: openPgSessions(pool) };
}
