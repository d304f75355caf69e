import type { EntryFilter } from '../port/query-types';
import { INVOICE_STANDING_SQL, orderRepeatSql } from '../port/invoice-standing';
import type { DeskConnection } from './desk-connection';
import { EXACT_FIELDS } from './migrations/007-reads-exact';

/** The rows every read may see: `intent` rows are the ledger's own and never listed. */
export const VISIBLE = `FROM md.entries WHERE state <> 'intent'`;

// Compared as text: md.answer_field gives null for a damaged stored error, and no cast can fail.
const ORDER_REPEAT = orderRepeatSql('md.entries', "md.answer_field(error_json, 'httpStatus') = '409'");

/** LIKE matches `_` and `%` as wildcards: typed text is escaped so it only ever matches itself. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The searchable text of a row, as the trigram index of migration 001 (md.search_text) holds it. */
const SEARCH_TEXT =
  'md.search_text(order_id, invoice_id, invoice_code, withdrawal_id, wallet_id, card_order_id, to_address, response_json)';

/**
 * How typed text is matched. `exact`: rows holding it as a whole identifier (order id, invoice id or
 * code, withdrawal, wallet or card id, address), through migration 007's equality indexes. `contains`:
 * rows holding it anywhere in one, through the trigram index. Either way case-insensitive, and a
 * number also finds the entry of that number.
 */
export type SearchMode = 'exact' | 'contains';

/** A filter as SQL: every value a numbered parameter, never spliced in. */
export function filterSql(
  filter: EntryFilter,
  params: unknown[] = [],
  mode: SearchMode = 'contains',
): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const add = (clause: (n: number) => string, value: unknown) => clauses.push(clause(params.push(value)));
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
    const matches =
      mode === 'exact'
        ? (() => {
            const value = param(text.toLowerCase());
            return EXACT_FIELDS.map((field) => `${field} = ${value}`);
          })()
        : [`${SEARCH_TEXT} LIKE ${param(likePattern(text))}`];
    if (number) matches.push(`id = ${param(Number(number))}`);
    clauses.push(`(${matches.join(' OR ')})`);
  }
  return { where: clauses.length ? ` AND ${clauses.join(' AND ')}` : '', params };
}

/**
 * Whether a filter's text is searched `exact` or `contains`: exact when some row the other filters
 * select holds it as a whole identifier (or is the entry of that number). A pasted order id, code or
 * address then lists the rows that are it, not also every longer id it is part of, and no trigram
 * scan runs; a part of an identifier finds nothing exact and is searched inside every one.
 */
export async function searchMode(db: DeskConnection, filter: EntryFilter): Promise<SearchMode> {
  if (!filter.text?.trim()) return 'contains';
  const { where, params } = filterSql(filter, [], 'exact');
  const [found] = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 ${VISIBLE}${where}) AS found`,
    params,
  );
  return found?.found ? 'exact' : 'contains';
}
