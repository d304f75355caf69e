import type { WebhookDelivery } from '@shared/domain/webhooks';

/**
 * A delivery as it arrives and for whom, shared by the intake and the import (which feeds the intake
 * line by line); kept apart so neither imports the other's types back.
 */

/** Whose deliveries these are: they are signed with that merchant's key and apply to its entries. */
export interface WebhookTarget {
  profileId: string;
  apiKey: string;
}

export interface IncomingDelivery {
  rawBody: string;
  signature: string | null | undefined;
  source: WebhookDelivery['source'];
}

/**
 * How one delivery is handled. `keepRejected: false` (the receivers): a delivery that does not verify
 * is answered and counted by the caller, never stored, since anyone on the machine can POST to it.
 * `quiet` (an import): no event per delivery; the import reports once.
 */
export interface IngestOptions {
  keepRejected?: boolean;
  quiet?: boolean;
}
