import { toEntry, type EntryRow } from '../port/entry-row';
import { CSV_HEADER, csvRow } from '../port/csv-columns';
import type { CsvExport } from '../port/journal-store';
import type { EntryFilter } from '../port/query-types';
import type { DeskConnection } from './desk-connection';
import { filterSql, searchMode } from './entry-filter';

const PIECE = 500;

/**
 * The entries a filter selects, up to the newest one when asked, one CSV row each (the columns are the
 * port's, the same file as a single desk's). Each piece is its own query over an id range, so no
 * transaction stays open between pieces; `changed` compares the chain's head with the one at the start.
 */
export async function exportTeamCsv(db: DeskConnection, filter: EntryFilter = {}): Promise<CsvExport> {
  const head = async () => (await db.query<{ seq: string }>('SELECT seq FROM md.chain_head'))[0]?.seq;
  const version = await head();
  // Searched as the Journal's page searches it, so the file holds the rows the list showed.
  const { where, params } = filterSql(filter, [], await searchMode(db, filter));
  const n = params.length;
  const [bounds] = await db.query<{ up_to: string | null; rows: string }>(
    `SELECT max(id) AS up_to, count(*) AS rows FROM md.entries WHERE state <> 'intent'${where}`,
    params,
  );
  const upTo = Number(bounds?.up_to ?? 0);
  const rows = Number(bounds?.rows ?? 0);
  async function* pieces(): AsyncGenerator<string> {
    yield CSV_HEADER;
    for (let after = 0; ;) {
      const found = await db.query<EntryRow>(
        `SELECT * FROM md.entries WHERE state <> 'intent'${where}
           AND id > $${n + 1} AND id <= $${n + 2} ORDER BY id LIMIT ${PIECE}`,
        [...params, after, upTo],
      );
      if (found.length === 0) return;
      yield found.map((row) => csvRow(toEntry({ ...row, id: Number(row.id) }))).join('');
      after = Number(found[found.length - 1]!.id);
    }
  }
  let whole: Promise<string> | undefined;
  return {
    rows,
    pieces,
    text() {
      // One read in one transaction: no write lands between its rows.
      whole ??= db.snapshot(async (client) => {
        const found = await client.query<EntryRow>(
          `SELECT * FROM md.entries WHERE state <> 'intent'${where} AND id <= $${n + 1} ORDER BY id`,
          [...params, upTo],
        );
        return CSV_HEADER + found.rows.map((row) => csvRow(toEntry({ ...row, id: Number(row.id) }))).join('');
      });
      return whole;
    },
    changed: async () => (await head()) !== version,
  };
}
