import type { OpenItem } from '@shared/domain/reconciliation';

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

/** A payload's time as UTC ISO, or null when it names none the desk can read (never a guess). */
function instant(v: unknown): string | null {
  const t = typeof v === 'string' ? Date.parse(v) : typeof v === 'number' ? v * 1000 : Number.NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/**
 * What tells one delivery from another about the same kind of fact: its order ID, its event ID and
 * when it happened, read from the fields the reference Sandbox sends (the spec shows none).
 */
export function deliveryRef(payload: unknown): NonNullable<OpenItem['ref']> {
  const body = obj(payload);
  const data = obj(body.data);
  const invoice = obj(data.invoice);
  return {
    orderId: text(data.order_id) ?? text(invoice.order_id),
    eventId: text(body.event_id) ?? text(body.id),
    at: instant(body.created_at) ?? instant(data.created_at) ?? instant(data.finished_at),
  };
}
