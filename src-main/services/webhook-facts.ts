import type { MismatchDetail, WebhookIds } from '@shared/domain/webhooks';
import { canonicalJson } from '../protocol/canonical';
import { verifyWebhook } from '../protocol/signing';

/** How much of a body a mismatch shows; the byte length says how much there was. */
const SHOWN_CHARS = 4_000;

export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v : undefined;
/** Withdrawal ids may be strings or integers on the wire; the journal keeps strings. */
export const id = (v: unknown): string | undefined =>
  str(v) ?? (Number.isSafeInteger(v) ? String(v) : undefined);
export const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** The invoice a body is about: its fields may sit under data.invoice or directly under data. */
export function invoiceRef(payload: Record<string, unknown>) {
  const data = obj(payload.data);
  const invoice = obj(data.invoice ?? data);
  return {
    id: str(invoice.id) ?? str(invoice.invoice_id),
    code: str(invoice.code),
    orderId: str(invoice.order_id),
  };
}

/** The ids a verified body names, for the person to recognise it (no field is documented beyond these). */
export function idsOf(payload: Record<string, unknown>): WebhookIds {
  const data = obj(payload.data);
  const invoice = invoiceRef(payload);
  const found: WebhookIds = {
    eventId: id(payload.event_id),
    withdrawalId: id(data.withdrawal_id),
    invoiceId: invoice.id,
    invoiceCode: invoice.code,
    orderId: invoice.orderId,
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined));
}

const shorten = (text: string) => ({
  text: text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text,
  truncated: text.length > SHOWN_CHARS,
});

/**
 * What a person needs to see why a signature did not match: the bytes verified (exactly as
 * received), and whether the service's PHP re-encoding of them differs. The classic cause is a body
 * that was parsed and written back on its way here: `json_encode` writes `https:\/\/`, most other
 * encoders write `https://`, and the signature covers the service's bytes. Whether the signature
 * fits the re-encoding is told as a fact; the expected signature itself is never computed for show.
 */
export function mismatchDetail(rawBody: string, signature: string | null | undefined, apiKey: string) {
  let reencoded: string | null = null;
  try {
    reencoded = canonicalJson(JSON.parse(rawBody));
  } catch {
    // Not JSON, or numbers PHP would reshape: there is no re-encoding to compare with.
  }
  const shown = shorten(rawBody);
  const differs = reencoded === null ? null : reencoded !== rawBody;
  const detail: MismatchDetail = {
    bytes: shown.text,
    byteLength: Buffer.byteLength(rawBody, 'utf8'),
    truncated: shown.truncated,
    reencodingDiffers: differs,
    matchesReencoded: differs === true && verifyWebhook(reencoded!, signature, apiKey),
  };
  if (differs) detail.reencoded = shorten(reencoded!).text;
  return detail;
}
