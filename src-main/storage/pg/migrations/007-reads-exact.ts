/**
 * The identifiers a whole typed value is looked up in (lower-cased), in the order the search reads
 * them: the same fields md.search_text joins for the trigram search, one expression each.
 * ../entry-search.ts builds its exact clause from this list, so the indexes and the clause agree.
 */
export const EXACT_FIELDS = [
  'lower(order_id)',
  'lower(invoice_id)',
  'lower(invoice_code)',
  'lower(withdrawal_id)',
  'lower(wallet_id)',
  'lower(card_order_id)',
  'lower(to_address)',
  "lower(md.answer_field(response_json, 'address'))",
  "lower(md.answer_field(response_json, 'wallet_address'))",
] as const;

/**
 * Part of migration 007: one btree per identifier, so a pasted order id, code or address is found by
 * equality in well under a millisecond at a million entries instead of by the trigram index (tens of
 * milliseconds, whose every scan reads the long posting lists of trigrams all ids share, like "ord").
 * Not partial: PostgreSQL keeps statistics for the expression of a whole-table index only, and without
 * them the planner guesses 0.5 % of the rows per field and walks the id index instead (seconds).
 */
export const EXACT_SQL = EXACT_FIELDS.map(
  (field, i) => `CREATE INDEX entries_exact_${i + 1} ON md.entries (${field});`,
).join('\n');
