import { core } from './001-core';
import { reconWebhooks } from './002-recon-webhooks';
import { identity } from './003-identity';
import { approvals } from './004-approvals';
import { whoHolds } from './006-who-holds';
import { reads } from './007-reads';
import { rateProvenance } from './008-rate-provenance';
import { deposits } from './009-deposits';
import { approvedSend } from './010-approved-send';
import { submitOutlook } from './011-submit-outlook';
import { policyNotice } from './012-policy-notice';
import type { Migration } from './migration';

export type { Migration } from './migration';

/**
 * Every migration of schema `md`, in order. Never edit one a team's server has run: add the next.
 * Their TS may share pieces (definer.ts, or one migration's function that a later one replaces) as
 * long as the SQL each writes stays the same to the byte: test/unit/storage/migrations-frozen.test.ts
 * pins every migration's SHA-256, and a new one gets its hash pinned there too.
 */
export const MIGRATIONS: readonly Migration[] = [
  core,
  reconWebhooks,
  identity,
  approvals,
  whoHolds,
  reads,
  rateProvenance,
  deposits,
  approvedSend,
  submitOutlook,
  policyNotice,
];
