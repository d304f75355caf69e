import { z } from 'zod';
import { IsoTime } from './wire';

export const WebhookImportInput = z.union([
  z.object({
    kind: z.literal('single'),
    rawBody: z.string().min(1).max(1_000_000),
    signature: z.string().max(200),
  }),
  z.object({ kind: z.literal('jsonl'), content: z.string().min(1).max(20_000_000) }),
]);

/** Where a delivery came from: pasted into the app, imported from a file, or the local receiver. */
const WebhookSource = z.enum(['pasted', 'file', 'receiver']);

export const WebhookDelivery = z.object({
  id: z.string(),
  receivedAt: IsoTime,
  source: WebhookSource,
  verified: z.boolean(),
  duplicate: z.boolean(),
  event: z.string().nullable(),
  appliedTo: z.string().nullable(),
  note: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookImportResult = z.object({ deliveries: z.array(WebhookDelivery) });
export const WebhookReceiverInput = z.object({
  enabled: z.boolean(),
  port: z.number().int().min(1024).max(65535),
});
export const WebhookReceiverStatus = z.object({
  enabled: z.boolean(),
  port: z.number().int(),
  url: z.string().nullable(),
});
