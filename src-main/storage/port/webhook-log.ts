import type { WebhookDelivery } from '@shared/domain/webhooks';

/**
 * applied: changed the journal. recorded: verified, but an event the journal does not track.
 * parked: verified and about the journal, but no entry matches yet (its answer may still be in
 * flight); kept with its body and signature, and verified and tried again whenever the journal
 * changes. rejected: not verified (also a parked one that no longer verifies at its replay).
 */
export type DeliveryStatus = 'applied' | 'recorded' | 'parked' | 'rejected';

export interface ParkedDelivery {
  id: string;
  profileId: string;
  rawBody: string;
  /**
   * The X-Signature it arrived with. The log's file is no evidence of its own (anyone who can write
   * the data folder can add a row), so a replay verifies body and signature again with the current
   * key. Null for a row parked before signatures were kept: it cannot be verified, so never applied.
   */
  signature: string | null;
}

export interface DeliveryMeta {
  dedupeKey: string | null;
  status: DeliveryStatus;
  profileId: string;
  rawBody: string | null;
  /** Kept with a parked delivery only (see ParkedDelivery). */
  signature?: string | null;
}

/** How much the log keeps: parked deliveries always (they are still owed to the journal). */
export interface RetentionLimits {
  /** Settled rows (all but parked) kept; the oldest go first. */
  maxRows: number;
  /** Rejected rows kept; they are evidence for a reconciliation, not for de-duplication. */
  maxRejected: number;
}

export const DEFAULT_RETENTION: RetentionLimits = { maxRows: 50_000, maxRejected: 5_000 };

/** The log of webhook deliveries, as main sees it (storage/sqlite/webhook-log.ts today). */
export interface WebhookLog {
  /** A verified delivery with this key was already applied or recorded. */
  hasSettled(dedupeKey: string): Promise<boolean>;
  record(delivery: WebhookDelivery, meta: DeliveryMeta): Promise<void>;
  /** Runs `fn` in one transaction: an import writes its rows a batch at a time. */
  batch<T>(fn: () => Promise<T>): Promise<T>;
  parked(limit?: number): Promise<ParkedDelivery[]>;
  markApplied(id: string, appliedTo: string): Promise<void>;
  /** A parked delivery that did not verify at its replay: rejected, with why, and never applied. */
  markRefused(id: string, note: string): Promise<void>;
  /** The newest first; one profile's, or every profile's when none is given. */
  list(profileId?: string, limit?: number): Promise<WebhookDelivery[]>;
  /** Applies the retention limits; returns how many rows went. */
  prune(): Promise<number>;
  count(): Promise<number>;
  close(): Promise<void>;
}
