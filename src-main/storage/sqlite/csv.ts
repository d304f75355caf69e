import type { Database } from 'better-sqlite3';
import { chainHead } from './chain';
import { filterSql, type EntryFilter } from './query';
import { toEntry, type EntryRow } from './rows';
import type { JournalEntry } from '../port/types';
import { csvCell } from '../port/csv-cell';
import { withScanCache } from './scan-cache';

/**
 * What a row's USD value is, in the row itself. The desk converts nothing today: an invoice is priced
 * in USD by the merchant (no rate involved), other operations are in coin units and carry no USD
 * value. usd_rate and usd_rate_at are there for any value computed with a rate; today none is.
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

export interface CsvExport {
  /** The whole file at once (tests, small exports); a large one is written piece by piece instead. */
  readonly text: string;
  /** Entries in the file (not lines: a quoted cell may hold line breaks of its own). */
  readonly rows: number;
  /**
   * The file in pieces, the header first and then up to `size` entries each, oldest first. Each piece
   * is its own query over an id range, so nothing stays open on the connection between pieces and the
   * journal keeps working while a caller writes them out.
   */
  pieces(size?: number): Iterable<string>;
  /** Whether the journal changed since this export was taken (its file would mix two moments). */
  changed(): boolean;
}

/** The entries a filter selects (all when none), up to the newest one now, one CSV row each. */
export function exportCsv(db: Database, filter: EntryFilter = {}): CsvExport {
  const { where, args } = filterSql(filter);
  const upTo = (db.prepare('SELECT coalesce(max(id), 0) FROM entries').pluck().get() as number) ?? 0;
  const version = chainHead(db).count;
  const range = db.prepare(
    `SELECT * FROM entries ${where ? `${where} AND` : 'WHERE'} id > ? AND id <= ? ORDER BY id LIMIT ?`,
  );
  let written = 0;
  let complete = false;
  let whole: string | undefined;
  function* pieces(size = 500): Generator<string> {
    written = 0;
    complete = false;
    yield `${COLUMNS.map(([name]) => name).join(',')}\r\n`;
    for (let after = 0; ;) {
      const rows = withScanCache(db, () => range.all(...args, after, upTo, size) as EntryRow[]);
      if (rows.length === 0) {
        complete = true;
        return;
      }
      let text = '';
      for (const row of rows) {
        // One entry per row, not one per column: toEntry parses the stored JSON.
        const entry = toEntry(row);
        text += `${COLUMNS.map(([, get]) => csvCell(get(entry))).join(',')}\r\n`;
      }
      written += rows.length;
      after = rows[rows.length - 1]!.id;
      yield text;
    }
  }
  const text = () => (whole ??= [...pieces()].join(''));
  return {
    get text() {
      return text();
    },
    get rows() {
      if (complete) return written;
      const sql = `SELECT count(*) FROM entries ${where ? `${where} AND` : 'WHERE'} id <= ?`;
      return db
        .prepare(sql)
        .pluck()
        .get(...args, upTo) as number;
    },
    pieces,
    changed: () => chainHead(db).count !== version,
  };
}
