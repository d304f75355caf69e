import { createHash, randomUUID } from 'node:crypto';
import type { WebhookDelivery } from '../../src-preload/contract';
import { verifyWebhook } from '../api/signing';
import type { WebhookLog } from './webhook-log';

/** Where verified events land: the journal settles withdrawals and updates invoices. */
export interface WebhookSink {
  /** Returns the journal entry id the event was applied to, or null when no entry matches. */
  applyWithdrawalEvent(withdrawalId: string, event: string, payload: unknown): string | null;
  applyInvoiceEvent(ref: { id?: string; code?: string; orderId?: string }, event: string, payload: unknown): string | null;
}

export interface IncomingDelivery {
  rawBody: string;
  signature: string | null | undefined;
  idempotencyKey?: string | null | undefined;
  source: WebhookDelivery['source'];
}

export interface WebhookIntakeOptions {
  log: WebhookLog;
  sink: WebhookSink;
  /** The active profile's API key: webhooks are signed with it. */
  apiKey: () => Promise<string>;
  onDelivery?: (delivery: WebhookDelivery) => void;
  now?: () => Date;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

export function createWebhookIntake(options: WebhookIntakeOptions) {
  const now = options.now ?? (() => new Date());

  function finish(delivery: Omit<WebhookDelivery, 'id' | 'receivedAt'>, dedupeKey: string | null): WebhookDelivery {
    const full: WebhookDelivery = { id: randomUUID(), receivedAt: now().toISOString(), ...delivery };
    options.log.record(full, dedupeKey);
    options.onDelivery?.(full);
    return full;
  }

  function apply(event: string, payload: Record<string, unknown>): { appliedTo: string | null; note: string | null } {
    const data = obj(payload.data);
    if (event.startsWith('withdrawal.')) {
      const id = str(data.withdrawal_id) ?? str(data.id);
      if (!id) return { appliedTo: null, note: 'No withdrawal_id in the event; nothing was changed.' };
      const appliedTo = options.sink.applyWithdrawalEvent(id, event, payload);
      return { appliedTo, note: appliedTo ? null : `No journal entry for withdrawal ${id}.` };
    }
    if (event.startsWith('invoice.') || event === 'aml.rejected.invoice') {
      const invoice = obj(data.invoice ?? data);
      const ref = { id: str(invoice.id) ?? str(invoice.invoice_id), code: str(invoice.code), orderId: str(invoice.order_id) };
      const appliedTo = options.sink.applyInvoiceEvent(ref, event, payload);
      return { appliedTo, note: appliedTo ? null : 'No journal entry for this invoice.' };
    }
    return { appliedTo: null, note: 'Recorded; this event does not change the journal.' };
  }

  /** Verify first, parse second, apply once. Never throws for a bad delivery: it is recorded as such. */
  async function ingest(incoming: IncomingDelivery): Promise<WebhookDelivery> {
    const base = { source: incoming.source, duplicate: false, event: null, appliedTo: null };
    const key = await options.apiKey();
    if (!verifyWebhook(incoming.rawBody, incoming.signature, key)) {
      return finish({ ...base, verified: false, note: 'Signature did not match this profile\'s API key: not applied.' }, null);
    }
    let payload: Record<string, unknown>;
    try {
      payload = obj(JSON.parse(incoming.rawBody));
    } catch {
      return finish({ ...base, verified: true, note: 'Signed, but the body is not JSON: not applied.' }, null);
    }
    const event = str(payload.event) ?? str(payload.type) ?? null;
    const dedupeKey = str(incoming.idempotencyKey ?? undefined) ?? `sha256:${createHash('sha256').update(incoming.rawBody).digest('hex')}`;
    if (options.log.hasApplied(dedupeKey)) {
      return finish({ ...base, event, verified: true, duplicate: true, note: 'Already applied earlier: ignored.' }, dedupeKey);
    }
    const result = event ? apply(event, payload) : { appliedTo: null, note: 'No event name in the body.' };
    return finish({ ...base, event, verified: true, ...result }, dedupeKey);
  }

  /** A JSON-lines export from the merchant's server: one delivery per line. */
  async function importJsonl(content: string): Promise<WebhookDelivery[]> {
    const out: WebhookDelivery[] = [];
    const lines = content.split(/\r?\n/).filter((line) => line.trim() !== '');
    for (const [index, line] of lines.entries()) {
      let row: Record<string, unknown>;
      try {
        row = obj(JSON.parse(line));
      } catch {
        out.push(finish({ source: 'file', verified: false, duplicate: false, event: null, appliedTo: null, note: `Line ${index + 1} is not JSON: skipped.` }, null));
        continue;
      }
      const headers = obj(row.headers);
      const header = (name: string) => str(headers[name]) ?? str(headers[name.toLowerCase()]);
      const rawBody = str(row.raw_body) ?? str(row.body);
      if (!rawBody) {
        out.push(finish({ source: 'file', verified: false, duplicate: false, event: null, appliedTo: null, note: `Line ${index + 1} has no raw_body (the exact bytes received are needed to verify).` }, null));
        continue;
      }
      out.push(
        await ingest({
          rawBody,
          signature: str(row.signature) ?? str(row.x_signature) ?? header('X-Signature'),
          idempotencyKey: str(row.idempotency_key) ?? header('X-Idempotency-Key'),
          source: 'file',
        }),
      );
    }
    return out;
  }

  return { ingest, importJsonl, list: (limit?: number) => options.log.list(limit) };
}
export type WebhookIntake = ReturnType<typeof createWebhookIntake>;
