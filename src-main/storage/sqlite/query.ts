import type { Database } from 'better-sqlite3';
import { toEntry, type EntryRow } from './rows';
import type { JournalEntry } from '../port/types';
import type { Pair } from '../port/recon-types';
import type { EntryFilter, EntryPage, PageRequest } from '../port/query-types';
import { INVOICE_STANDING_SQL, orderRepeatSql } from '../port/invoice-standing';
import { SEARCHED_ID_COLUMNS } from './migrations';

export type { EntryFilter, EntryPage, PageRequest } from '../port/query-types';

/** LIKE matches `_` and `%` as wildcards: typed text is escaped so it only ever matches itself. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The wallet's address and invoice code live only in the stored answer. json_valid first: a damaged
// answer must not make the whole query fail.
const FROM_ANSWER = (path: string) =>
  `(CASE WHEN json_valid(response_json) THEN json_extract(response_json, '${path}') END)`;
const TEXT_COLUMNS = [...SEARCHED_ID_COLUMNS, FROM_ANSWER('$.address'), FROM_ANSWER('$.wallet_address')];

const ORDER_REPEAT = orderRepeatSql(
  'entries',
  "(CASE WHEN json_valid(error_json) THEN json_extract(error_json, '$.httpStatus') END) = 409",
);

/**
 * The WHERE clause for a filter: every value a `?` parameter, never spliced into the SQL. Free text
 * matches part of any id, order id, address or code (case-insensitive), or the entry number itself.
 */
export function filterSql(filter: EntryFilter): { where: string; args: (string | number)[] } {
  const clauses: string[] = [];
  const args: (string | number)[] = [];
  const add = (clause: string, ...values: (string | number)[]) => {
    clauses.push(clause);
    args.push(...values);
  };
  if (filter.profileId) add('profile_id = ?', filter.profileId);
  if (filter.operation) add('operation = ?', filter.operation);
  if (filter.state) add('state = ?', filter.state);
  if (filter.from) add('created_at >= ?', filter.from);
  if (filter.to) add('created_at < ?', filter.to);
  if (filter.coin) add('lower(coin) = ?', filter.coin.toLowerCase());
  if (filter.network) add('lower(network) = ?', filter.network.toLowerCase());
  if (filter.invoice) add(`operation = 'createInvoice' AND ${INVOICE_STANDING_SQL[filter.invoice]}`);
  if (filter.hideOrderRepeats) add(`NOT ${ORDER_REPEAT}`);
  const text = filter.text?.trim();
  if (text) {
    const pattern = likePattern(text);
    const number = /^#?(\d{1,15})$/.exec(text)?.[1];
    const likes = TEXT_COLUMNS.map((column) => `${column} LIKE ? ESCAPE '\\'`);
    // The trigram index (migration 5) narrows the rows first; the exact per-column match below still
    // decides. Its pattern turns typed % and _ into "any one character": a superset, never fewer rows.
    add(
      `(${number ? 'id = ? OR ' : ''}(id IN (SELECT rowid FROM entries_search WHERE text LIKE ?) AND (${likes.join(' OR ')})))`,
      ...(number ? [Number(number)] : []),
      `%${text.replace(/[%_]/g, '_')}%`,
      ...TEXT_COLUMNS.map(() => pattern),
    );
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', args };
}

const and = (where: string, clause: string) => (where ? `${where} AND ${clause}` : `WHERE ${clause}`);

/** One page of the filtered journal, newest first, with the count behind it. */
export function pageEntries(db: Database, filter: EntryFilter, page: PageRequest): EntryPage {
  const { where, args } = filterSql(filter);
  const newest = (db.prepare('SELECT max(id) AS id FROM entries').get() as { id: number | null }).id ?? 0;
  const anchor = page.anchor ?? newest;
  const upTo = and(where, 'id <= ?');
  const count = (sql: string, ...extra: number[]) =>
    (db.prepare(`SELECT count(*) AS n FROM entries ${sql}`).get(...args, ...extra) as { n: number }).n;
  const bound = page.before === undefined ? anchor : Math.min(anchor, page.before - 1);
  // Ids first, rows after: stepping over `offset` rows then touches the index only, not every row.
  const ids = db
    .prepare(`SELECT id FROM entries ${upTo} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .pluck()
    .all(...args, bound, page.limit, page.offset) as number[];
  const byId = db.prepare('SELECT * FROM entries WHERE id = ?');
  const rows = ids.map((id) => byId.get(id) as EntryRow);
  return {
    entries: rows.map(toEntry),
    total: count(upTo, anchor),
    anchor,
    newer: count(and(where, 'id > ?'), anchor),
  };
}

// A reconciliation reads these on every view, over a year of entries. INDEXED BY (migration 6) is
// what SQLite offers for a time-sensitive query: the plan cannot drift to a scan of every accepted
// entry, and if the index ever went missing the statement would fail loudly instead of slowly.
const OPEN_SQL = {
  unknown: `SELECT * FROM entries INDEXED BY entries_profile_state
    WHERE profile_id = ? AND state = 'unknown' ORDER BY id DESC`,
  settling: `SELECT * FROM entries INDEXED BY entries_profile_state
    WHERE profile_id = ? AND state IN ('accepted', 'resolved-performed')
      AND settlement IN ('pending', 'processing') AND operation = 'createWithdrawal' ORDER BY id DESC`,
};

/** A profile's entries a reconciliation must show as open: outcome unknown, withdrawals still settling. */
export function openEntries(
  db: Database,
  profileId: string,
): { unknown: JournalEntry[]; settling: JournalEntry[] } {
  const read = (sql: string) => (db.prepare(sql).all(profileId) as EntryRow[]).map(toEntry);
  return { unknown: read(OPEN_SQL.unknown), settling: read(OPEN_SQL.settling) };
}

/**
 * The coin and network pairs a profile's journal holds, for the pair filter, in order. Every page asks
 * for them, so they are read by skipping through the pair index (one seek per pair) instead of reading
 * all of a year's entries for DISTINCT.
 */
export function entryPairs(db: Database, profileId?: string): Pair[] {
  const profile = profileId ? 'profile_id = ? AND' : '';
  const pair = 'SELECT lower(coin) AS coin, lower(network) AS network FROM entries';
  const sameCoin = db.prepare(
    `${pair} WHERE ${profile} lower(coin) = ? AND lower(network) > ? ORDER BY lower(network) LIMIT 1`,
  );
  const nextCoin = db.prepare(
    `${pair} WHERE ${profile} lower(coin) > ? AND lower(network) IS NOT NULL ORDER BY lower(coin), lower(network) LIMIT 1`,
  );
  const scope = profileId ? [profileId] : [];
  const pairs: Pair[] = [];
  // '' sorts before every code, and a NULL coin or network never compares true: such rows are skipped.
  let next = nextCoin.get(...scope, '') as Pair | undefined;
  while (next) {
    pairs.push(next);
    const { coin, network } = next;
    next = (sameCoin.get(...scope, coin, network) ?? nextCoin.get(...scope, coin)) as Pair | undefined;
  }
  return pairs;
}
