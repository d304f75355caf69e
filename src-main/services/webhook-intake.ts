import { createHash, randomUUID } from 'node:crypto';
import type { WebhookDelivery } from '@shared/domain/webhooks';
import { verifyWebhook } from '../api/signing';
import type { DeliveryStatus, WebhookLog } from './webhook-log';

/** Where verified events land: the journal settles withdrawals and updates invoices, per profile. */
export interface WebhookSink {
  /** Returns the journal entry id the event was applied to, or null when no entry matches. */
  applyWithdrawalEvent(
    profileId: string,
    withdrawalId: string,
    event: string,
    payload: unknown,
  ): string | null;
  applyInvoiceEvent(
    profileId: string,
    ref: { id?: string; code?: string; orderId?: string },
    event: string,
    payload: unknown,
  ): string | null;
}

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

export interface WebhookIntakeOptions {
  log: WebhookLog;
  sink: WebhookSink;
  /** The active profile and its key, for pasted and imported deliveries. */
  activeTarget: () => Promise<WebhookTarget>;
  onDelivery?: (delivery: WebhookDelivery) => void;
  now?: () => Date;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
/** Withdrawal ids may be strings or integers on the wire; the journal keeps strings. */
const id = (v: unknown): string | undefined => str(v) ?? (Number.isSafeInteger(v) ? String(v) : undefined);
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

type Applied = { appliedTo: string | null; status: DeliveryStatus; note: string | null };

export function createWebhookIntake(options: WebhookIntakeOptions) {
  const now = options.now ?? (() => new Date());

  function finish(
    delivery: Omit<WebhookDelivery, 'id' | 'receivedAt'>,
    meta: { dedupeKey: string | null; status: DeliveryStatus; profileId: string; rawBody: string | null },
  ): WebhookDelivery {
    const full: WebhookDelivery = { id: randomUUID(), receivedAt: now().toISOString(), ...delivery };
    options.log.record(full, meta);
    options.onDelivery?.(full);
    return full;
  }

  function apply(profileId: string, event: string, payload: Record<string, unknown>): Applied {
    const data = obj(payload.data);
    const parked = (note: string): Applied => ({ appliedTo: null, status: 'parked', note });
    if (event.startsWith('withdrawal.')) {
      const withdrawalId = id(data.withdrawal_id);
      if (!withdrawalId)
        return {
          appliedTo: null,
          status: 'recorded',
          note: 'No withdrawal_id in the event; nothing was changed.',
        };
      const appliedTo = options.sink.applyWithdrawalEvent(profileId, withdrawalId, event, payload);
      return appliedTo
        ? { appliedTo, status: 'applied', note: null }
        : parked(`No journal entry for withdrawal ${withdrawalId} yet: kept, and applied when one appears.`);
    }
    if (event.startsWith('invoice.') || event === 'aml.rejected.invoice') {
      const invoice = obj(data.invoice ?? data);
      const ref = {
        id: str(invoice.id) ?? str(invoice.invoice_id),
        code: str(invoice.code),
        orderId: str(invoice.order_id),
      };
      const appliedTo = options.sink.applyInvoiceEvent(profileId, ref, event, payload);
      return appliedTo
        ? { appliedTo, status: 'applied', note: null }
        : parked('No journal entry for this invoice yet: kept, and applied when one appears.');
    }
    return { appliedTo: null, status: 'recorded', note: 'Recorded; this event does not change the journal.' };
  }

  /**
   * The de-duplication key comes from the signed body, never from the unsigned X-Idempotency-Key
   * header: a header cannot be allowed to make a genuine event look like a duplicate.
   */
  function dedupeKeyOf(event: string | null, payload: Record<string, unknown>, rawBody: string): string {
    const withdrawalId = id(obj(payload.data).withdrawal_id);
    if (event?.startsWith('withdrawal.') && withdrawalId) return `withdrawal:${withdrawalId}:${event}`;
    return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  }

  /** Verify first, parse second, apply once. Never throws for a bad delivery: it is recorded as such. */
  async function ingest(incoming: IncomingDelivery, target?: WebhookTarget): Promise<WebhookDelivery> {
    const { profileId, apiKey } = target ?? (await options.activeTarget());
    const base = { source: incoming.source, duplicate: false, event: null, appliedTo: null };
    const rejected = { dedupeKey: null, status: 'rejected' as const, profileId, rawBody: null };
    if (!verifyWebhook(incoming.rawBody, incoming.signature, apiKey)) {
      return finish(
        { ...base, verified: false, note: "Signature did not match this profile's API key: not applied." },
        rejected,
      );
    }
    let payload: Record<string, unknown>;
    try {
      payload = obj(JSON.parse(incoming.rawBody));
    } catch {
      return finish(
        { ...base, verified: true, note: 'Signed, but the body is not JSON: not applied.' },
        rejected,
      );
    }
    const event = str(payload.event) ?? str(payload.type) ?? null;
    const dedupeKey = dedupeKeyOf(event, payload, incoming.rawBody);
    if (options.log.hasSettled(dedupeKey)) {
      const meta = { dedupeKey, status: 'recorded' as const, profileId, rawBody: null };
      return finish(
        { ...base, event, verified: true, duplicate: true, note: 'Already applied earlier: ignored.' },
        meta,
      );
    }
    const result: Applied = event
      ? apply(profileId, event, payload)
      : { appliedTo: null, status: 'recorded', note: 'No event name in the body.' };
    const meta = { dedupeKey, status: result.status, profileId, rawBody: incoming.rawBody };
    return finish({ ...base, event, verified: true, appliedTo: result.appliedTo, note: result.note }, meta);
  }

  /** Tries parked deliveries again: call it whenever journal entries change. Returns how many applied. */
  function replayParked(): number {
    let count = 0;
    for (const parked of options.log.parked()) {
      const payload = obj(JSON.parse(parked.rawBody));
      const event = str(payload.event) ?? str(payload.type);
      if (!event) continue;
      const result = apply(parked.profileId, event, payload);
      if (result.appliedTo) {
        options.log.markApplied(parked.id, result.appliedTo);
        count++;
      }
    }
    return count;
  }

  /** A JSON-lines export from the merchant's server: one delivery per line. */
  async function importJsonl(content: string): Promise<WebhookDelivery[]> {
    const target = await options.activeTarget();
    const out: WebhookDelivery[] = [];
    const lines = content.split(/\r?\n/).filter((line) => line.trim() !== '');
    const skip = (note: string) =>
      finish(
        { source: 'file', verified: false, duplicate: false, event: null, appliedTo: null, note },
        { dedupeKey: null, status: 'rejected', profileId: target.profileId, rawBody: null },
      );
    for (const [index, line] of lines.entries()) {
      let row: Record<string, unknown>;
      try {
        row = obj(JSON.parse(line));
      } catch {
        out.push(skip(`Line ${index + 1} is not JSON: skipped.`));
        continue;
      }
      const headers = obj(row.headers);
      const header = (name: string) => str(headers[name]) ?? str(headers[name.toLowerCase()]);
      const rawBody = str(row.raw_body) ?? str(row.body);
      if (!rawBody) {
        out.push(skip(`Line ${index + 1} has no raw_body (the exact bytes received are needed to verify).`));
        continue;
      }
      const signature = str(row.signature) ?? str(row.x_signature) ?? header('X-Signature');
      out.push(await ingest({ rawBody, signature, source: 'file' }, target));
    }
    return out;
  }

  return { ingest, importJsonl, replayParked, list: (limit?: number) => options.log.list(limit) };
}
export type WebhookIntake = ReturnType<typeof createWebhookIntake>;
