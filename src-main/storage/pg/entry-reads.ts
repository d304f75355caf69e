import { toEntry, type EntryRow } from '../port/entry-row';
import type { EntryFilter, EntryPage, PageRequest } from '../port/query-types';
import type { Pair } from '../port/recon-types';
import type { JournalEntry, JournalEvent, ListQuery } from '../port/types';
import type { DeskConnection } from './desk-connection';
import { INVOICE_STANDING_SQL, orderRepeatSql } from '../port/invoice-standing';

/** The entry's columns under the names the port's EntryRow reads; `intent` rows are never among them. */
const COLUMNS = `id, operation, profile_id, environment, state, request_body, order_id, coin, network,
  amount, to_address, invoice_code, invoice_id, withdrawal_id, wallet_id, card_order_id, response_json,
  error_json, settlement, invoice_status, override_reason, resolution_json, created_at, updated_at`;
const FROM = `FROM md.entries WHERE state <> 'intent'`;

// Compared as text: md.answer_field gives null for a damaged stored error, and no cast can fail.
const ORDER_REPEAT = orderRepeatSql('md.entries', "md.answer_field(error_json, 'httpStatus') = '409'");

/** LIKE matches `_` and `%` as wildcards: typed text is escaped so it only ever matches itself. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The searchable text of a row, as the trigram index of migration 001 (md.search_text) holds it. */
const SEARCH_TEXT =
  'md.search_text(order_id, invoice_id, invoice_code, withdrawal_id, wallet_id, card_order_id, to_address, response_json)';

/** A filter as SQL: every value a numbered parameter, never spliced in. */
export function filterSql(filter: EntryFilter, params: unknown[] = []): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const add = (clause: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(params.length));
  };
  if (filter.profileId) add((n) => `profile_id = $${n}`, filter.profileId);
  if (filter.operation) add((n) => `operation = $${n}`, filter.operation);
  if (filter.state) add((n) => `state = $${n}`, filter.state);
  if (filter.from) add((n) => `created_at >= $${n}`, filter.from);
  if (filter.to) add((n) => `created_at < $${n}`, filter.to);
  if (filter.coin) add((n) => `lower(coin) = $${n}`, filter.coin.toLowerCase());
  if (filter.network) add((n) => `lower(network) = $${n}`, filter.network.toLowerCase());
  if (filter.invoice) clauses.push(`operation = 'createInvoice' AND ${INVOICE_STANDING_SQL[filter.invoice]}`);
  if (filter.hideOrderRepeats) clauses.push(`NOT ${ORDER_REPEAT}`);
  const text = filter.text?.trim();
  if (text) {
    const number = /^#?(\d{1,15})$/.exec(text)?.[1];
    // Free text matches part of any id, order id, address or code, case-insensitively, or the entry
    // number itself; the trigram index finds the candidates.
    add((n) => `(${SEARCH_TEXT} LIKE $${n}${number ? ` OR id = ${Number(number)}` : ''})`, likePattern(text));
  }
  return { where: clauses.length ? ` AND ${clauses.join(' AND ')}` : '', params };
}

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

  async function page(filter: EntryFilter, request: PageRequest): Promise<EntryPage> {
    const { where, params } = filterSql(filter);
    const newest = Number(
      (await db.query<{ id: string | null }>(`SELECT max(id) AS id ${FROM}`))[0]?.id ?? 0,
    );
    const anchor = request.anchor ?? newest;
    const bound = request.before === undefined ? anchor : Math.min(anchor, request.before - 1);
    const n = params.length;
    const entries = await rows(
      `${where} AND id <= $${n + 1} ORDER BY id DESC LIMIT $${n + 2} OFFSET $${n + 3}`,
      [...params, bound, request.limit, request.offset],
    );
    const count = async (clause: string) =>
      Number(
        (
          await db.query<{ n: string }>(`SELECT count(*) AS n ${FROM}${where} AND ${clause}`, [
            ...params,
            anchor,
          ])
        )[0]?.n,
      );
    return { entries, total: await count(`id <= $${n + 1}`), anchor, newer: await count(`id > $${n + 1}`) };
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
