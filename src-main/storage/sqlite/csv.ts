import type { Database } from 'better-sqlite3';
import { chainHead } from './chain';
import { filterSql, type EntryFilter } from './query';
import { toEntry, type EntryRow } from './rows';
import { CSV_HEADER, csvRow } from '../port/csv-columns';
import { withScanCache } from './scan-cache';

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
    yield CSV_HEADER;
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
        text += csvRow(entry);
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
