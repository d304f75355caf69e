import { DEFINER } from './definer';
import { ENTRY_COLUMNS } from '../../port/entry-row';
import { entryColumnsSql } from '../../port/entry-table';

/**
 * The columns of an entry each chain event carries a snapshot of (as text), so that editing a row
 * behind the functions' back is found by every desk's chain check (../chain-verify.ts reads this list):
 * the entry's columns as on a desk (the port's ENTRY_COLUMNS), then who made and who claimed it.
 * Adding a column here changes migration 001's functions: after a release, add it in a new migration.
 */
export const ENTRY_SNAPSHOT_COLUMNS = [
  ...ENTRY_COLUMNS,
  'desk_id',
  'created_by',
  'claimed_by',
  'claimed_at',
  'claimed_by_person',
] as const;

/**
 * Part of migration 001: the entries (the SQLite journal's, plus who made and who claimed each) with
 * the ledger-only state `intent`, and the helpers every entry function shares. Times are ISO text in
 * UTC (md.now_text), as on a desk, so a snapshot reads the same on the server and in Node.
 */
export const ENTRIES_SQL = `
CREATE TABLE md.entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
${entryColumnsSql('text', '  ', ['intent'])},
  desk_id uuid NOT NULL REFERENCES md.desks (id),
  created_by text NOT NULL,
  claimed_by uuid REFERENCES md.desks (id),
  claimed_at text,
  claimed_by_person text,
  change_seq bigint NOT NULL,
  CHECK ((state = 'intent') = (claimed_by IS NULL))
);
CREATE INDEX entries_change_seq ON md.entries (change_seq);
-- What the Journal screen filters and counts on over a million shared entries. Partial (every read
-- leaves intents out with this very predicate) and holding what a count needs, so the counts of a
-- page are read from the index alone.
CREATE INDEX entries_visible ON md.entries (id) WHERE state <> 'intent';
CREATE INDEX entries_profile ON md.entries (profile_id, id) WHERE state <> 'intent';
CREATE INDEX entries_profile_state ON md.entries (profile_id, state, settlement, id) WHERE state <> 'intent';
CREATE INDEX entries_state ON md.entries (state, id);
CREATE INDEX entries_operation ON md.entries (operation, id) WHERE state <> 'intent';
CREATE INDEX entries_created ON md.entries (created_at) WHERE state <> 'intent';
-- The pair filter's choices, found by skipping through the index (one probe per pair).
CREATE INDEX entries_pair ON md.entries (profile_id, lower(coin), lower(network)) WHERE state <> 'intent';
CREATE INDEX entries_pair_all ON md.entries (lower(coin), lower(network)) WHERE state <> 'intent';
CREATE INDEX entries_order_id ON md.entries (order_id);
CREATE INDEX entries_invoice_id ON md.entries (invoice_id);
CREATE INDEX entries_invoice_code ON md.entries (invoice_code);
CREATE INDEX entries_claims ON md.entries (claimed_by, state);
CREATE INDEX entries_withdrawal_match ON md.entries (environment, lower(coin), lower(network), lower(trim(to_address)))
  WHERE operation = 'createWithdrawal';
-- One withdrawal id is one withdrawal within a merchant account: webhooks must never settle two rows.
CREATE UNIQUE INDEX entries_withdrawal_id ON md.entries (profile_id, withdrawal_id) WHERE withdrawal_id IS NOT NULL;

-- Webhook deliveries already applied (duplicate delivery is normal), keyed like X-Idempotency-Key.
CREATE TABLE md.applied_webhooks (
  key text PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES md.entries (id),
  event_seq bigint NOT NULL
);

-- Free-text search over a million entries: a trigram index of each row's ids, order id, address and
-- the wallet address in its answer (lower-cased), which LIKE '%text%' uses. pg_trgm ships with
-- PostgreSQL (contrib) and is a trusted extension on managed servers.
SET LOCAL search_path = md, public, pg_catalog;
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA md;
CREATE FUNCTION md.answer_field(p_json text, p_name text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $fn$
BEGIN
  RETURN p_json::jsonb ->> p_name;
EXCEPTION WHEN others THEN
  -- A damaged answer must not make a row unsearchable, or its update fail.
  RETURN NULL;
END
$fn$;
CREATE FUNCTION md.search_text(p_order text, p_invoice text, p_code text, p_withdrawal text, p_wallet text,
  p_card text, p_address text, p_response text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT lower(concat_ws(chr(31), p_order, p_invoice, p_code, p_withdrawal, p_wallet, p_card, p_address,
    md.answer_field(p_response, 'address'), md.answer_field(p_response, 'wallet_address')))
$fn$;
CREATE INDEX entries_search ON md.entries USING gin
  (md.search_text(order_id, invoice_id, invoice_code, withdrawal_id, wallet_id, card_order_id, to_address, response_json) gin_trgm_ops);

CREATE FUNCTION md.entry_snapshot(e md.entries) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT jsonb_build_object(${ENTRY_SNAPSHOT_COLUMNS.map((c) => `'${c}', e.${c}::text`).join(', ')})
$fn$;

-- After a function changed an entry: its event in the chain (with the row as it now is) and the
-- change feed's notice (delivered at commit). Only the ledger's functions call it.
CREATE FUNCTION md.entry_changed(p_entry bigint, p_type text, p_detail jsonb) RETURNS bigint
${DEFINER}
DECLARE
  e md.entries%ROWTYPE;
  v_seq bigint;
BEGIN
  SELECT * INTO e FROM md.entries WHERE id = p_entry;
  v_seq := md.append_event(p_entry, p_type,
    jsonb_build_object('detail', p_detail, 'entry', md.entry_snapshot(e))::text);
  PERFORM pg_notify('md_changes', e.change_seq || ':' || e.id);
  RETURN v_seq;
END
$fn$;

-- The entry, locked for this transaction, or M0009.
CREATE FUNCTION md.entry_for_update(p_id bigint) RETURNS md.entries
${DEFINER}
DECLARE
  e md.entries%ROWTYPE;
BEGIN
  SELECT * INTO e FROM md.entries WHERE id = p_id FOR UPDATE;
  IF e.id IS NULL THEN
    RAISE EXCEPTION 'Journal entry #% does not exist.', p_id USING ERRCODE = 'M0009';
  END IF;
  RETURN e;
END
$fn$;

CREATE FUNCTION md.illegal(p_id bigint, p_state text, p_action text) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'Journal entry #% is %; it cannot be %.', p_id, p_state, p_action
    USING ERRCODE = 'M0007', DETAIL = json_build_object('entryId', p_id, 'from', p_state, 'action', p_action)::text;
END
$fn$;
`;
