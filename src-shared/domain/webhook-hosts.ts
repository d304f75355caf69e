import { z } from 'zod';

/** A host name as a person types it for approval: a DNS name, lower-cased, no scheme, port or path. */
export const WebhookHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'must be at most 253 characters')
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/u,
    'must be a host name such as hooks.shop.example (no https://, port or path)',
  );

export const ApproveWebhookHostInput = z.strictObject({ host: WebhookHost });
export type ApproveWebhookHostInput = z.input<typeof ApproveWebhookHostInput>;

/** The hosts a wallet's webhook_url may point at, besides the active profile's own service host. */
export const WebhookHosts = z.object({ hosts: z.array(z.string()) });
export type WebhookHosts = z.infer<typeof WebhookHosts>;
