import { DESK_DEFINER } from './definer';

/**
 * Part of migration 001: the one linear hash chain of the team (events + its head) and the change
 * sequence every row change takes. The hash rule has a twin in Node (../chain-hash.ts), which every
 * desk uses to recompute the chain without trusting the server; the contract suite proves they agree.
 */
export const CHAIN_SQL = `
CREATE SEQUENCE md.change_seq;

CREATE TABLE md.events (
  seq bigint PRIMARY KEY,
  entry_id bigint,
  type text NOT NULL,
  at text NOT NULL,
  detail text NOT NULL,
  desk_id uuid NOT NULL REFERENCES md.desks (id),
  person text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX events_entry ON md.events (entry_id, seq);

CREATE TABLE md.chain_head (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  seq bigint NOT NULL,
  hash text NOT NULL
);
INSERT INTO md.chain_head (seq, hash) VALUES (0, repeat('0', 64));

-- The time as every row of the ledger writes it: ISO 8601 in UTC with milliseconds, like the desk's.
CREATE FUNCTION md.now_text() RETURNS text LANGUAGE sql VOLATILE AS $fn$
  SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$fn$;

-- Appends one event. The head row is locked first, so appends are serialised and the chain stays one
-- line. Only the ledger's own functions call it (no role may EXECUTE it).
CREATE FUNCTION md.append_event(p_entry bigint, p_type text, p_detail text) RETURNS bigint
${DESK_DEFINER}
  v_person text := session_user;
  v_prev text;
  v_seq bigint;
  v_at text;
  v_hash text;
BEGIN
  SELECT seq + 1, hash INTO v_seq, v_prev FROM md.chain_head FOR UPDATE;
  v_at := md.now_text();
  v_hash := encode(sha256(convert_to(
    v_prev || E'\\n' || v_seq || E'\\n' || coalesce(p_entry::text, '') || E'\\n' || p_type || E'\\n' ||
    v_at || E'\\n' || p_detail || E'\\n' || v_desk || E'\\n' || v_person, 'UTF8')), 'hex');
  INSERT INTO md.events (seq, entry_id, type, at, detail, desk_id, person, prev_hash, hash)
    VALUES (v_seq, p_entry, p_type, v_at, p_detail, v_desk, v_person, v_prev, v_hash);
  UPDATE md.chain_head SET seq = v_seq, hash = v_hash;
  RETURN v_seq;
END
$fn$;
`;
