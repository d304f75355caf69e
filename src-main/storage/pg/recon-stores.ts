import type { ReconFactsStore } from '../port/recon-store';
import type { Queryable } from './recon-call';
import { openPgReconFacts } from './recon-facts';
import { openPgSessions, type PgSessionsStore } from './recon-sessions';

export { openPgWebhookLog } from './webhook-log';
export { reconRowsCheck, verifyReconRows, type ReconRowsCheck } from './recon-verify';
export type { PgSessionsStore, SessionPeople, SessionStep } from './recon-sessions';

/**
 * The JournalStore's `reconciliation` on the team ledger, over the desk's connection the store
 * already holds (journal-store.ts: `openPgReconciliation(db)`); nothing of its own to close.
 */
export function openPgReconciliation(db: Queryable): { facts: ReconFactsStore; sessions: PgSessionsStore } {
  return { facts: openPgReconFacts(db), sessions: openPgSessions(db) };
}
