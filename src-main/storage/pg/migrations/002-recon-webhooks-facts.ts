import { DESK_DEFINER } from './definer';

/**
 * Part of migration 002: what a reconciliation reads, shared by the team. Balance snapshots (one per
 * asset a minute, whichever desk read the balances) and the movements verified webhooks reported (one
 * per fact, whichever desk heard it first). Times are ISO text in UTC with milliseconds, compared
 * byte by byte ("C"), so text order is time order whatever the server's locale.
 */
export const FACTS_SQL = `
CREATE FUNCTION md.recon_is_time(p text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT p IS NOT NULL AND p ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[.][0-9]{3}Z$'
$fn$;

CREATE FUNCTION md.recon_is_amount(p text, p_signed boolean) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT p IS NOT NULL AND length(p) <= 80
     AND p ~ (CASE WHEN p_signed THEN '^-?' ELSE '^' END || '[0-9]+([.][0-9]+)?$')
$fn$;

CREATE TABLE md.balance_snapshots (
  id bigserial PRIMARY KEY,
  profile_id text NOT NULL,
  coin text COLLATE "C" NOT NULL,
  network text COLLATE "C" NOT NULL,
  total text NOT NULL,
  available text,
  frozen text,
  at text COLLATE "C" NOT NULL,
  desk_id uuid NOT NULL REFERENCES md.desks (id),
  recorded_by text NOT NULL,
  change_seq bigint NOT NULL
);
CREATE INDEX balance_snapshots_pair ON md.balance_snapshots (profile_id, coin, network, at);
CREATE INDEX balance_snapshots_change ON md.balance_snapshots (change_seq);

CREATE TABLE md.recon_movements (
  id bigserial PRIMARY KEY,
  profile_id text NOT NULL,
  key text COLLATE "C" NOT NULL CHECK (length(key) BETWEEN 1 AND 300),
  kind text NOT NULL CHECK (kind IN ('invoice-credit', 'wallet-deposit', 'withdrawal-debit', 'withdrawal-release')),
  coin text COLLATE "C" NOT NULL,
  network text COLLATE "C" NOT NULL,
  amount text NOT NULL,
  effect text NOT NULL,
  at text COLLATE "C" NOT NULL,
  entry_id bigint,
  outside boolean NOT NULL,
  source text NOT NULL,
  desk_id uuid NOT NULL REFERENCES md.desks (id),
  recorded_by text NOT NULL,
  change_seq bigint NOT NULL,
  UNIQUE (profile_id, key)
);
CREATE INDEX recon_movements_pair ON md.recon_movements (profile_id, coin, network, at, key);
CREATE INDEX recon_movements_change ON md.recon_movements (change_seq);

-- Records the rows (a JSON array of {coin, network, total, available, frozen}) not snapshotted within
-- a minute before p_at, or all of them when forced; returns how many. Desks reading balances at once
-- take turns per profile, so two of them do not both keep the same minute.
CREATE FUNCTION md.record_balance_snapshots(p_profile text, p_rows jsonb, p_at text, p_force boolean)
RETURNS int
${DESK_DEFINER}
  v_row record;
  v_last text;
  v_taken int := 0;
  v_change bigint;
BEGIN
  IF NOT md.recon_is_time(p_at) THEN
    RAISE EXCEPTION 'A snapshot''s time must be UTC with milliseconds.' USING ERRCODE = 'M0008';
  END IF;
  IF p_profile IS NULL OR length(p_profile) NOT BETWEEN 1 AND 200 OR jsonb_typeof(p_rows) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'A snapshot needs a profile and a list of balances.' USING ERRCODE = 'M0008';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('md.snapshots:' || p_profile));
  FOR v_row IN SELECT * FROM jsonb_to_recordset(p_rows)
      AS r(coin text, network text, total text, available text, frozen text) LOOP
    IF v_row.coin IS NULL OR v_row.network IS NULL OR NOT md.recon_is_amount(v_row.total, true)
       OR (v_row.available IS NOT NULL AND NOT md.recon_is_amount(v_row.available, true))
       OR (v_row.frozen IS NOT NULL AND NOT md.recon_is_amount(v_row.frozen, true)) THEN
      RAISE EXCEPTION 'A balance needs a coin, a network and decimal amounts (%/%: %).',
        v_row.coin, v_row.network, v_row.total USING ERRCODE = 'M0008';
    END IF;
    SELECT at INTO v_last FROM md.balance_snapshots
     WHERE profile_id = p_profile AND coin = v_row.coin AND network = v_row.network
     ORDER BY at DESC LIMIT 1;
    CONTINUE WHEN NOT coalesce(p_force, false) AND v_last IS NOT NULL
      AND p_at::timestamptz - v_last::timestamptz < interval '1 minute';
    v_change := nextval('md.change_seq');
    INSERT INTO md.balance_snapshots (profile_id, coin, network, total, available, frozen, at, desk_id,
        recorded_by, change_seq)
      VALUES (p_profile, v_row.coin, v_row.network, v_row.total, v_row.available, v_row.frozen, p_at,
        v_desk, session_user, v_change);
    v_taken := v_taken + 1;
  END LOOP;
  IF v_taken > 0 THEN
    PERFORM pg_notify('md_changes', v_change || ':balance-snapshot');
  END IF;
  RETURN v_taken;
END
$fn$;

-- Once per fact: a copy of it (from this desk or another) records nothing new. True when recorded now.
CREATE FUNCTION md.record_movement(
  p_profile text, p_key text, p_kind text, p_coin text, p_network text, p_amount text, p_effect text,
  p_at text, p_entry bigint, p_outside boolean, p_source text
) RETURNS boolean
${DESK_DEFINER}
  v_change bigint := nextval('md.change_seq');
  v_id bigint;
BEGIN
  IF NOT md.recon_is_time(p_at) OR NOT md.recon_is_amount(p_amount, false)
     OR NOT md.recon_is_amount(p_effect, true) OR p_coin IS NULL OR p_network IS NULL
     OR p_profile IS NULL OR p_outside IS NULL OR p_source IS NULL OR length(p_key) NOT BETWEEN 1 AND 300
     OR p_kind IS NULL OR p_kind NOT IN ('invoice-credit', 'wallet-deposit', 'withdrawal-debit', 'withdrawal-release') THEN
    RAISE EXCEPTION 'A movement needs a profile, a key, a known kind, a coin, a network, decimal amounts and a UTC time with milliseconds.'
      USING ERRCODE = 'M0008';
  END IF;
  INSERT INTO md.recon_movements (profile_id, key, kind, coin, network, amount, effect, at, entry_id,
      outside, source, desk_id, recorded_by, change_seq)
    VALUES (p_profile, p_key, p_kind, p_coin, p_network, p_amount, p_effect, p_at, p_entry, p_outside,
      p_source, v_desk, session_user, v_change)
    ON CONFLICT (profile_id, key) DO NOTHING
    RETURNING id INTO v_id;
  IF v_id IS NOT NULL THEN
    PERFORM pg_notify('md_changes', v_change || ':recon-movement');
  END IF;
  RETURN v_id IS NOT NULL;
END
$fn$;

-- A desk's own entry turned up for a fact recorded as made outside the desks (a parked webhook applied).
CREATE FUNCTION md.match_movement(p_profile text, p_key text, p_entry bigint) RETURNS void
${DESK_DEFINER}
  v_change bigint := nextval('md.change_seq');
BEGIN
  IF p_entry IS NULL THEN
    RAISE EXCEPTION 'A movement is matched to a journal entry.' USING ERRCODE = 'M0008';
  END IF;
  UPDATE md.recon_movements SET outside = false, entry_id = p_entry, change_seq = v_change
   WHERE profile_id = p_profile AND key = p_key;
  IF FOUND THEN
    PERFORM pg_notify('md_changes', v_change || ':recon-movement');
  END IF;
END
$fn$;
`;
