import type { ReconFactsStore } from '../port/recon-store';
import { withWritesRefused, type Queryable, type ReconOptions } from './recon-call';
import { openPgReconFacts } from './recon-facts';
import { openPgSessions, type PgSessionsStore } from './recon-sessions';

export { openPgWebhookLog } from './webhook-log';
export type { ReconOptions } from './recon-call';
export type { PgSessionsStore } from './recon-sessions';

/**
 * The JournalStore's `reconciliation` on the team ledger, over the desk's connection the store
 * already holds (journal-store.ts: `openPgReconciliation(db, { readOnly: modeMessage })` when its
 * mode is read-only); nothing of its own to close.
 */
export function openPgReconciliation(
  db: Queryable,
  options: ReconOptions = {},
): { facts: ReconFactsStore; sessions: PgSessionsStore } {
  const facts = openPgReconFacts(db);
  const sessions = openPgSessions(db);
  return {
    facts: withWritesRefused(facts, ['recordSnapshots', 'recordMovement', 'markMatched'], options.readOnly),
    sessions: withWritesRefused(sessions, ['start', 'review', 'close'], options.readOnly),
  };
}
