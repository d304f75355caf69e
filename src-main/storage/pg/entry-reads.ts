import { toEntry, type EntryRow } from '../port/entry-row';
import type { EntryFilter, EntryPage, PageRequest } from '../port/query-types';
import type { Pair } from '../port/recon-types';
import type { JournalEntry, JournalEvent, ListQuery } from '../port/types';
import type { DeskConnection } from './desk-connection';
import { filterSql, searchMode, VISIBLE } from './entry-filter';

/** The entry's columns under the names the port's EntryRow reads; `intent` rows are never among them. */
const COLUMNS = `id, operation, profile_id, environment, state, request_body, order_id, coin, network,
  amount, to_address, invoice_code, invoice_id, withdrawal_id, wallet_id, card_order_id, response_json,
  error_json, settlement, invoice_status, override_reason, resolution_json, created_at, updated_at`;
const FROM = VISIBLE;

/**
 * How far past a page's last row its total is counted: beyond that the page says "more than", so a
 * page of a million shared entries reads about a thousand index entries, never the million. Each
 * page further down counts as far again past itself, so the list grows as it is scrolled.
 */
export const COUNT_AHEAD = 1000;

export function entryReads(db: DeskConnection) {
  const rows = async (sql: string, params: unknown[] = []) =>
    // id is a bigint, which pg gives as text; converted here, not in SQL, so ORDER BY id stays the column's.
    (await db.query<EntryRow>(`SELECT ${COLUMNS} ${FROM} ${sql}`, params)).map((row) =>
      toEntry({ ...row, id: Number(row.id) }),
    );

  async function get(id: number): Promise<JournalEntry | null> {
    if (!Number.isSafeInteger(id)) return null;
    return (await rows('AND id = $1', [id]))[0] ?? null;
  }

  async function list(query: ListQuery = {}): Promise<JournalEntry[]> {
    const limit = Math.min(Math.max(Math.trunc(query.limit ?? 100), 1), 1000);
    const { where, params } = filterSql({
      profileId: query.profileId,
      operation: query.operation,
      state: query.state,
    });
    if (query.before !== undefined) params.push(query.before);
    const before = query.before !== undefined ? ` AND id < $${params.length}` : '';
    params.push(limit);
    return rows(`${where}${before} ORDER BY id DESC LIMIT $${params.length}`, params);
  }

  async function events(id: number): Promise<JournalEvent[]> {
    const found = await db.query<{ seq: string; type: string; at: string; detail: string; hash: string }>(
      'SELECT seq, type, at, detail, hash FROM md.events WHERE entry_id = $1 ORDER BY seq',
      [id],
    );
    return found.map((e) => {
      let detail: unknown = null;
      let damaged = false;
      try {
        detail = (JSON.parse(e.detail) as { detail?: unknown }).detail ?? null;
      } catch {
        damaged = true;
      }
      return { seq: Number(e.seq), entryId: id, type: e.type, at: e.at, detail, hash: e.hash, damaged };
    });
  }

  /** How many rows match, from just above `bound` up to `anchor` (a keyset page's rows above it). */
  async function countBetween(where: string, params: unknown[], bound: number, anchor: number) {
    if (bound >= anchor) return 0;
    const n = params.length;
    const [found] = await db.query<{ n: string }>(
      `SELECT count(*) AS n ${FROM}${where} AND id > $${n + 1} AND id <= $${n + 2}`,
      [...params, bound, anchor],
    );
    return Number(found?.n ?? 0);
  }

  async function page(filter: EntryFilter, request: PageRequest): Promise<EntryPage> {
    const { where, params } = filterSql(filter, [], await searchMode(db, filter));
    const newest = Number(
      (await db.query<{ id: string | null }>(`SELECT max(id) AS id ${FROM}`))[0]?.id ?? 0,
    );
    const anchor = request.anchor ?? newest;
    const bound = request.before === undefined ? anchor : Math.min(anchor, request.before - 1);
    const reach = request.offset + request.limit + COUNT_AHEAD;
    const n = params.length;
    // One scan of the filter (the trigram index at most once): the matching ids from `bound` down, as
    // many as the page and its count ahead need; the page's rows are then read by id.
    const found = await db.query<EntryRow & { counted: string }>(
      `WITH hits AS MATERIALIZED (
         SELECT id ${FROM}${where} AND id <= $${n + 1} ORDER BY id DESC LIMIT $${n + 2}
       ), shown AS (SELECT id FROM hits ORDER BY id DESC LIMIT $${n + 3} OFFSET $${n + 4})
       SELECT c.counted, e.* FROM (SELECT count(*) AS counted FROM hits) c
         LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM shown JOIN md.entries USING (id)) e ON true
       ORDER BY e.id DESC`,
      [...params, bound, reach + 1, request.limit, request.offset],
    );
    const counted = Number(found[0]?.counted ?? 0);
    const entries = found
      .filter((row) => row.id !== null)
      .map(({ counted: _, ...row }) => toEntry({ ...row, id: Number(row.id) }));
    // Usually no row is newer than the anchor (a first page anchors at the newest), and nothing is read.
    const newer =
      anchor >= newest
        ? 0
        : Number(
            (
              await db.query<{ n: string }>(
                `SELECT count(*) AS n FROM (SELECT 1 ${FROM}${where} AND id > $${n + 1} LIMIT $${n + 2}) m`,
                [...params, anchor, COUNT_AHEAD + 1],
              )
            )[0]?.n,
          );
    return {
      entries,
      total: (await countBetween(where, params, bound, anchor)) + Math.min(counted, reach),
      anchor,
      newer: Math.min(newer, COUNT_AHEAD),
      ...(counted > reach ? { totalIsCapped: true } : {}),
      ...(newer > COUNT_AHEAD ? { newerIsCapped: true } : {}),
    };
  }

  async function openEntries(profileId: string) {
    return {
      unknown: await rows("AND profile_id = $1 AND state = 'unknown' ORDER BY id DESC", [profileId]),
      settling: await rows(
        `AND profile_id = $1 AND state IN ('accepted', 'resolved-performed')
           AND settlement IN ('pending', 'processing') AND operation = 'createWithdrawal' ORDER BY id DESC`,
        [profileId],
      ),
    };
  }

  async function pairs(profileId?: string): Promise<Pair[]> {
    // DISTINCT would read every row; this skips through the pair index, one probe per pair.
    const scope = profileId ? 'profile_id = $1 AND' : '';
    const next = (
      after: string,
    ) => `SELECT lower(coin) AS coin, lower(network) AS network ${FROM} AND ${scope}
        lower(coin) IS NOT NULL AND lower(network) IS NOT NULL ${after}
      ORDER BY lower(coin), lower(network) LIMIT 1`;
    return db.query<Pair>(
      `WITH RECURSIVE p AS (
         (${next('')})
         UNION ALL
         SELECT q.coin, q.network FROM p, LATERAL (${next('AND (lower(coin), lower(network)) > (p.coin, p.network)')}) q
       ) SELECT coin, network FROM p`,
      profileId ? [profileId] : [],
    );
  }

  return {
    rows,
    get,
    list,
    events,
    page,
    openEntries,
    pairs,
    findUnknown: () => rows("AND state = 'unknown' ORDER BY id"),
    findAcceptedWithoutWithdrawalId: (profileId: string) =>
      rows(
        `AND profile_id = $1 AND operation = 'createWithdrawal' AND state = 'accepted'
           AND withdrawal_id IS NULL ORDER BY id`,
        [profileId],
      ),
  };
}
