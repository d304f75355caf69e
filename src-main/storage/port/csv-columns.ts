import { csvCell } from './csv-cell';
import type { JournalEntry } from './types';

// The journal's CSV export, one row per entry: the same file whichever storage holds the journal.

/**
 * What a row's USD value is, in the row itself. This file (one row per entry) converts nothing: an
 * invoice is priced in USD by the merchant (no rate involved), other operations are in coin units and
 * carry no USD value, so usd_rate and usd_rate_at stay empty. The rates recorded with each movement
 * (issue 29) are in the books exports (src-main/books), one row per movement.
 */
function usdBasis(e: JournalEntry): string {
  return e.operation === 'createInvoice'
    ? 'priced in USD by the merchant (no conversion)'
    : 'not valued in USD: amounts are in coin units';
}

const COLUMNS: [string, (e: JournalEntry) => string | number | null][] = [
  ['id', (e) => e.id],
  ['operation', (e) => e.operation],
  ['profile_id', (e) => e.profileId],
  ['environment', (e) => e.environment],
  ['state', (e) => e.state],
  ['outcome', outcome],
  ['settlement', (e) => e.settlement],
  ['invoice_status', (e) => e.invoiceStatus],
  ['order_id', (e) => e.orderId],
  ['invoice_id', (e) => e.invoiceId],
  ['invoice_code', (e) => e.invoiceCode],
  ['withdrawal_id', (e) => e.withdrawalId],
  ['wallet_id', (e) => e.walletId],
  ['card_order_id', (e) => e.cardOrderId],
  ['coin', (e) => e.coin],
  ['network', (e) => e.network],
  ['amount', (e) => e.amount],
  ['to_address', (e) => e.toAddress],
  ['created_at', (e) => e.createdAt],
  ['updated_at', (e) => e.updatedAt],
  ['override_reason', (e) => e.overrideReason],
  ['resolved_by', (e) => e.resolution?.by ?? null],
  ['resolution_reason', (e) => e.resolution?.reason ?? null],
  ['resolved_at', (e) => e.resolution?.at ?? null],
  ['amount_unit', (e) => (e.operation === 'createInvoice' ? 'USD' : (e.coin?.toUpperCase() ?? null))],
  ['usd_value', (e) => (e.operation === 'createInvoice' ? e.amount : null)],
  ['usd_rate', () => null],
  ['usd_rate_at', () => null],
  ['usd_basis', usdBasis],
  ['resolved_by_person', (e) => e.resolution?.person ?? null],
  ['damaged', (e) => (e.damage.length ? e.damage.join(' ') : null)],
];

/** What a reconciler needs in one word: did the service perform it? */
function outcome(e: JournalEntry): string {
  switch (e.state) {
    case 'accepted':
    case 'resolved-performed':
      return 'performed';
    case 'rejected':
    case 'resolved-not-performed':
      return 'not performed';
    case 'unknown':
      return 'unknown';
    case 'sending':
      return 'in flight';
  }
}

/** The header line, CRLF-terminated. */
export const CSV_HEADER = `${COLUMNS.map(([name]) => name).join(',')}\r\n`;

/** One entry as one CSV line, CRLF-terminated. */
export function csvRow(entry: JournalEntry): string {
  return `${COLUMNS.map(([, get]) => csvCell(get(entry))).join(',')}\r\n`;
}
