import { JournalError } from '../port/errors';
import type { ReconFactsStore, SessionsStore } from '../port/recon-store';

/**
 * PLACEHOLDER until h-recon's recon-*.ts on PostgreSQL is merged (issue 27, item 7): every call says
 * plainly that reconciliation is not available on the team ledger yet. The lead replaces this file's
 * use in journal-store.ts with the real stores when merging.
 */
const notYet = async (): Promise<never> => {
  throw new JournalError('invalid', 'Reconciliation is not available on the team ledger yet.');
};

export const reconPlaceholder: { facts: ReconFactsStore; sessions: SessionsStore } = {
  facts: {
    recordSnapshots: notYet,
    snapshotsAround: notYet,
    recordMovement: notYet,
    markMatched: notYet,
    pairsBetween: notYet,
    movementFacts: notYet,
    hasMovementBetween: notYet,
    movementsById: notYet,
  },
  sessions: {
    start: notYet,
    review: notYet,
    close: notYet,
    get: notYet,
    must: notYet,
    list: notYet,
    reviews: notYet,
  },
};
