import type { ResponseOf } from '@contract';
import { JournalError, type JournalEntry, type JournalStore } from '../storage/port';
import type { ParkedDelivery } from '../storage/port/webhook-log';
import { describesEntry } from './journal-sink';
import { toEntryView } from './journal-view';

type Details = ResponseOf<'journal:entry'>;
type WebhookEvidence = Details['evidence']['webhooks'][number];

export interface JournalDetailsDeps {
  journal: Pick<JournalStore, 'get' | 'events' | 'verifyChainUpTo'>;
  /** Verified deliveries the desk kept because no entry matched them on their own. */
  parkedWebhooks: () => Promise<ParkedDelivery[]>;
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
const idOf = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : Number.isSafeInteger(v) ? String(v) : null;

/**
 * Kept withdrawal webhooks that describe this unknown withdrawal (same coin, network, address and
 * amount, not older than the request), one per withdrawal. Each was verified with this profile's key.
 */
export function webhookEvidence(entry: JournalEntry, parked: ParkedDelivery[]): WebhookEvidence[] {
  if (entry.operation !== 'createWithdrawal' || entry.state !== 'unknown') return [];
  const found: WebhookEvidence[] = [];
  for (const delivery of parked) {
    if (delivery.profileId !== entry.profileId) continue;
    let payload: Record<string, unknown>;
    try {
      payload = obj(JSON.parse(delivery.rawBody));
    } catch {
      continue;
    }
    const event = typeof payload.event === 'string' ? payload.event : '';
    const withdrawalId = idOf(obj(payload.data).withdrawal_id);
    if (!event.startsWith('withdrawal.') || !withdrawalId) continue;
    // Newest first: one offer per withdrawal, its latest event (in_progress then success is one withdrawal).
    if (found.some((e) => e.withdrawalId === withdrawalId)) continue;
    if (!describesEntry(entry, entry.profileId, payload)) continue;
    found.push({
      deliveryId: delivery.id,
      event,
      withdrawalId,
      summary: `A verified ${event} webhook for withdrawal ${withdrawalId} names the same coin, network, address and amount.`,
    });
  }
  return found;
}

/** Everything the details panel shows about one entry; never the key nor a signature (none is stored). */
export async function entryDetails(deps: JournalDetailsDeps, id: number): Promise<Details> {
  const entry = await deps.journal.get(id);
  if (!entry) throw new JournalError('not-found', `There is no journal entry ${id}.`);
  const check = await deps.journal.verifyChainUpTo(id);
  return {
    entry: toEntryView(entry),
    requestBody: entry.requestBody,
    timeline: (await deps.journal.events(id)).map(({ seq, type, at, detail, damaged }) => ({
      seq,
      type,
      at,
      detail,
      damaged,
    })),
    chain: check.ok
      ? { ok: true, events: check.events, head: check.head, reason: null, brokenEntry: null }
      : {
          ok: false,
          events: 0,
          head: null,
          reason: check.brokenAt.reason,
          brokenEntry: check.brokenAt.entryId === undefined ? null : String(check.brokenAt.entryId),
        },
    evidence: {
      webhooks: webhookEvidence(entry, await deps.parkedWebhooks()),
      invoiceCheck: entry.operation === 'createInvoice' && entry.state === 'unknown' && !!entry.orderId,
    },
  };
}
