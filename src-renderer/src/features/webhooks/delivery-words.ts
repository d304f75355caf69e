import type { WebhookDelivery, WebhookIds } from '@contract';
import type { BadgeTone } from '../../components/Badge';

/** What became of a delivery, in one word group, with its tone (the words carry it, not the colour). */
export function deliveryStatus(d: WebhookDelivery): { label: string; tone: BadgeTone } {
  const rejection = d.rejection ?? (d.duplicate ? 'duplicate' : null);
  if (!d.verified) return { label: 'Rejected: signature mismatch', tone: 'bad' };
  if (rejection === 'not-json') return { label: 'Rejected: not JSON', tone: 'bad' };
  if (rejection === 'duplicate') return { label: 'Duplicate: already applied', tone: 'neutral' };
  if (d.appliedTo) return { label: 'Verified · applied to the journal', tone: 'good' };
  return { label: 'Verified', tone: 'info' };
}

/** A sentence for the announcer and for the result of a paste. */
export function deliveryHeadline(d: WebhookDelivery): string {
  const what = d.event ? `${d.event}` : 'The delivery';
  const { label } = deliveryStatus(d);
  return `${what}: ${label}.`;
}

/** What the delivery did to the journal, in words. */
export function journalEffect(d: WebhookDelivery): string {
  if (!d.verified || d.rejection === 'not-json') return 'Nothing in the journal changed.';
  if (d.duplicate) return 'Nothing changed: this event was applied before.';
  if (d.appliedTo) return `Applied to journal entry ${d.appliedTo}.`;
  return d.note ?? 'Recorded; nothing in the journal changed.';
}

export const SOURCE_WORDS: Record<WebhookDelivery['source'], string> = {
  pasted: 'Pasted',
  file: 'Imported from a file',
  receiver: 'Received on this computer',
};

const ID_LABELS: Record<keyof WebhookIds, string> = {
  eventId: 'Event id',
  withdrawalId: 'Withdrawal id',
  invoiceId: 'Invoice id',
  invoiceCode: 'Invoice code',
  orderId: 'Order id',
};

/** The ids the body names, labelled, in a fixed order. */
export function idPairs(ids: WebhookIds | undefined): Array<{ label: string; value: string }> {
  if (!ids) return [];
  return (Object.keys(ID_LABELS) as Array<keyof WebhookIds>)
    .filter((key) => ids[key])
    .map((key) => ({ label: ID_LABELS[key], value: ids[key]! }));
}

/** The Journal screen opens an entry from this link. */
export const journalLink = (entryId: string) => `#/journal?entry=${encodeURIComponent(entryId)}`;
