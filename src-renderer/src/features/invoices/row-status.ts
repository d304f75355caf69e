import type { JournalEntry } from '@contract';
import { isRecord } from '../../lib/shape';
import { entryStateWords, invoiceStatusWords, isOpenStatus } from './invoice-words';

/** A status read by a lookup from this screen, newer than what the journal last heard by webhook. */
export interface ReadStatus {
  status: string | null;
  at: string;
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * The status a row shows: what a lookup from this screen read, or what the journal last heard (a
 * webhook), whichever is newer; before either, the creation's own journal state (unknown included).
 */
export function rowStatus(entry: JournalEntry, read: ReadStatus | undefined) {
  const heard = text(entry.fields.invoiceStatus);
  const fromLookup = read && (!heard || read.at >= entry.updatedAt) ? read.status : null;
  const status = fromLookup ?? heard;
  const created = entry.state === 'accepted' || entry.state === 'resolved-performed';
  if (created && status) return { ...invoiceStatusWords(status), status };
  // A 409 refusal (a repeated order ID, or a safe check) is not a failed invoice: the order has one.
  if (entry.state === 'rejected' && isRecord(entry.error) && entry.error.httpStatus === 409)
    return { text: 'Refused: order ID already used', tone: 'neutral' as const, status: 'duplicate' };
  return { ...entryStateWords(entry.state), status: entry.state };
}

/** The invoices a "refresh statuses" re-reads: created, with a code, and not known to be closed. */
export function openCodes(entries: readonly JournalEntry[], read: Record<string, ReadStatus>): string[] {
  return entries.flatMap((entry) => {
    const code = text(entry.externalIds.invoiceCode);
    if (!code || (entry.state !== 'accepted' && entry.state !== 'resolved-performed')) return [];
    const status = rowStatus(entry, read[code]).status;
    return isOpenStatus(status) || status === entry.state ? [code] : [];
  });
}
