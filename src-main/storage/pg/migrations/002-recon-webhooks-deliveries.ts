import { DEFINER, DESK_DEFINER } from './definer';

/**
 * Part of migration 002: the team's log of webhook deliveries. One verified delivery settles a fact
 * for every desk: the first desk to record it as applied (or recorded) holds its dedupe key, every
 * later copy (from any desk) is kept as a duplicate, and a copy another desk had parked is settled too.
 */
export const DELIVERIES_SQL = `
CREATE TABLE md.webhook_deliveries (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE CHECK (length(id) BETWEEN 1 AND 100),
  dedupe_key text CHECK (length(dedupe_key) BETWEEN 1 AND 300),
  status text NOT NULL CHECK (status IN ('applied', 'recorded', 'parked', 'rejected')),
  profile_id text NOT NULL CHECK (length(profile_id) BETWEEN 1 AND 200),
  raw_body text,
  -- The X-Signature a parked delivery arrived with: a desk verifies it again before applying the row,
  -- since anyone who may record a delivery could record one that never came from the service.
  signature text CHECK (length(signature) BETWEEN 1 AND 200),
  received_at text COLLATE "C" NOT NULL,
  source text NOT NULL CHECK (source IN ('pasted', 'file', 'receiver')),
  verified boolean NOT NULL,
  duplicate boolean NOT NULL,
  event text,
  applied_to text,
  note text,
  rejection text CHECK (rejection IN ('signature-mismatch', 'not-json', 'duplicate')),
  ids jsonb,
  mismatch jsonb,
  desk_id uuid NOT NULL REFERENCES md.desks (id),
  recorded_by text NOT NULL,
  recorded_at text COLLATE "C" NOT NULL,
  -- Who settled the fact: the recorder, or for a parked row the desk that applied it later.
  settled_by text,
  settled_desk uuid REFERENCES md.desks (id),
  settled_at text COLLATE "C",
  change_seq bigint NOT NULL,
  -- Only a parked delivery keeps its body (it is still owed to the journal) and its signature; one
  -- refused at its replay keeps the body as evidence of what was refused (md.refuse_delivery).
  CHECK (status IN ('parked', 'rejected') OR raw_body IS NULL),
  CHECK (status = 'parked' OR signature IS NULL),
  CHECK (status = 'parked' OR status = 'rejected' OR dedupe_key IS NOT NULL)
);
-- The key of a settled fact is held by one row; duplicates of it are rows of their own.
CREATE UNIQUE INDEX webhook_deliveries_settled ON md.webhook_deliveries (dedupe_key)
  WHERE status IN ('applied', 'recorded') AND NOT duplicate;
CREATE INDEX webhook_deliveries_parked ON md.webhook_deliveries (dedupe_key) WHERE status = 'parked';
CREATE INDEX webhook_deliveries_status ON md.webhook_deliveries (status, seq);
CREATE INDEX webhook_deliveries_profile ON md.webhook_deliveries (profile_id, seq);
CREATE INDEX webhook_deliveries_change ON md.webhook_deliveries (change_seq);

-- Records one delivery as this desk saw it and returns the status it was kept with. A verified copy
-- of a fact another desk settled first becomes a duplicate here, whatever this desk concluded: the
-- key's lock orders two desks recording the same fact, so exactly one of them holds it.
CREATE FUNCTION md.record_delivery(
  p_id text, p_profile text, p_received_at text, p_source text, p_verified boolean, p_duplicate boolean,
  p_event text, p_dedupe_key text, p_status text, p_raw_body text, p_applied_to text, p_note text,
  p_rejection text, p_ids jsonb, p_mismatch jsonb, p_signature text DEFAULT NULL
) RETURNS text
${DESK_DEFINER}
  v_first md.webhook_deliveries%ROWTYPE;
  v_by text;
  v_status text := p_status;
  v_duplicate boolean := coalesce(p_duplicate, false);
  v_rejection text := p_rejection;
  v_note text := p_note;
  v_applied text := p_applied_to;
  v_raw text := CASE WHEN p_status = 'parked' THEN p_raw_body END;
  v_signature text := CASE WHEN p_status = 'parked' THEN p_signature END;
  v_change bigint := nextval('md.change_seq');
  v_now text := md.now_text();
  v_settles boolean;
BEGIN
  IF p_status IS NULL OR p_status NOT IN ('applied', 'recorded', 'parked', 'rejected') THEN
    RAISE EXCEPTION 'A delivery''s status must be applied, recorded, parked or rejected.' USING ERRCODE = 'M0008';
  END IF;
  IF p_status <> 'rejected' AND (p_dedupe_key IS NULL OR NOT coalesce(p_verified, false)) THEN
    RAISE EXCEPTION 'Only a verified delivery with a dedupe key can be %.', p_status USING ERRCODE = 'M0008';
  END IF;
  IF p_status = 'parked' AND p_raw_body IS NULL THEN
    RAISE EXCEPTION 'A parked delivery keeps its body, to be applied later.' USING ERRCODE = 'M0008';
  END IF;
  IF NOT md.recon_is_time(p_received_at) THEN
    RAISE EXCEPTION 'A delivery''s received time must be UTC with milliseconds.' USING ERRCODE = 'M0008';
  END IF;
  IF p_id IS NULL OR length(p_id) NOT BETWEEN 1 AND 100 OR p_profile IS NULL
     OR length(p_profile) NOT BETWEEN 1 AND 200 OR length(p_signature) NOT BETWEEN 1 AND 200
     OR p_source IS NULL
     OR p_source NOT IN ('pasted', 'file', 'receiver') OR length(p_dedupe_key) > 300
     OR (p_rejection IS NOT NULL AND p_rejection NOT IN ('signature-mismatch', 'not-json', 'duplicate')) THEN
    RAISE EXCEPTION 'A delivery needs an id, a profile, where it came from (pasted, file or receiver), a known rejection, if any, and a signature of at most 200 characters, if any.'
      USING ERRCODE = 'M0008';
  END IF;
  IF p_dedupe_key IS NOT NULL AND p_status <> 'rejected' THEN
    PERFORM pg_advisory_xact_lock(hashtext('md.delivery:' || p_dedupe_key));
    SELECT * INTO v_first FROM md.webhook_deliveries
     WHERE dedupe_key = p_dedupe_key AND status IN ('applied', 'recorded') AND NOT duplicate;
    IF v_first.seq IS NOT NULL AND NOT v_duplicate THEN
      SELECT d.name INTO v_by FROM md.desks d WHERE d.id = v_first.settled_desk;
      v_status := 'recorded';
      v_duplicate := true;
      v_rejection := 'duplicate';
      v_applied := v_first.applied_to;
      v_raw := NULL;
      v_signature := NULL;
      v_note := format('Already applied by desk "%s" (%s) at %s: ignored.', v_by, v_first.settled_by, v_first.settled_at);
    ELSIF v_first.seq IS NOT NULL THEN
      -- The desk knew it for a duplicate: it still names the entry the first copy reached.
      v_applied := coalesce(v_applied, v_first.applied_to);
    END IF;
  END IF;
  v_settles := v_status IN ('applied', 'recorded') AND NOT v_duplicate;
  INSERT INTO md.webhook_deliveries (id, dedupe_key, status, profile_id, raw_body, signature, received_at, source,
      verified, duplicate, event, applied_to, note, rejection, ids, mismatch, desk_id, recorded_by,
      recorded_at, settled_by, settled_desk, settled_at, change_seq)
    VALUES (p_id, p_dedupe_key, v_status, p_profile, v_raw, v_signature, p_received_at, p_source, coalesce(p_verified, false),
      v_duplicate, p_event, v_applied, v_note, v_rejection, p_ids, p_mismatch, v_desk, session_user, v_now,
      CASE WHEN v_settles THEN session_user END, CASE WHEN v_settles THEN v_desk END,
      CASE WHEN v_settles THEN v_now END, v_change);
  IF v_settles THEN
    PERFORM md.settle_parked_copies(p_dedupe_key, v_applied);
  END IF;
  PERFORM pg_notify('md_changes', v_change || ':delivery');
  RETURN CASE WHEN v_duplicate AND NOT coalesce(p_duplicate, false) THEN 'duplicate' ELSE v_status END;
END
$fn$;

-- Copies of a fact parked on any desk, now that one desk settled it: nothing is owed to the journal.
CREATE FUNCTION md.settle_parked_copies(p_dedupe_key text, p_applied_to text) RETURNS void
${DESK_DEFINER}
  v_name text := (SELECT d.name FROM md.desks d WHERE d.id = v_desk);
  v_now text := md.now_text();
BEGIN
  UPDATE md.webhook_deliveries
     SET status = 'recorded', duplicate = true, rejection = 'duplicate', raw_body = NULL, signature = NULL,
         applied_to = p_applied_to, change_seq = nextval('md.change_seq'), settled_by = session_user,
         settled_desk = v_desk, settled_at = v_now,
         note = format('Applied by desk "%s" (%s) at %s.', v_name, session_user, v_now)
   WHERE dedupe_key = p_dedupe_key AND status = 'parked';
END
$fn$;

-- A parked delivery reached its journal entry. When another desk settled the same fact meanwhile,
-- this copy is a duplicate of that one rather than a second holder of its key.
CREATE FUNCTION md.mark_delivery_applied(p_id text, p_applied_to text) RETURNS text
${DESK_DEFINER}
  v_row md.webhook_deliveries%ROWTYPE;
  v_change bigint;
BEGIN
  SELECT * INTO v_row FROM md.webhook_deliveries WHERE id = p_id;
  IF v_row.seq IS NULL THEN
    RAISE EXCEPTION 'There is no webhook delivery %.', p_id USING ERRCODE = 'M0009';
  END IF;
  IF v_row.status <> 'parked' THEN
    RETURN v_row.status;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('md.delivery:' || v_row.dedupe_key));
  IF EXISTS (SELECT 1 FROM md.webhook_deliveries WHERE dedupe_key = v_row.dedupe_key
              AND status IN ('applied', 'recorded') AND NOT duplicate) THEN
    PERFORM md.settle_parked_copies(v_row.dedupe_key, p_applied_to);
    RETURN 'duplicate';
  END IF;
  v_change := nextval('md.change_seq');
  UPDATE md.webhook_deliveries
     SET status = 'applied', applied_to = p_applied_to, raw_body = NULL, signature = NULL, settled_desk = v_desk,
         settled_by = session_user, settled_at = md.now_text(), change_seq = v_change,
         note = 'Applied when its journal entry became known.'
   WHERE seq = v_row.seq AND status = 'parked';
  PERFORM md.settle_parked_copies(v_row.dedupe_key, p_applied_to);
  PERFORM pg_notify('md_changes', v_change || ':delivery');
  RETURN 'applied';
END
$fn$;

-- Several deliveries in one statement, in order: an import's batch, all or nothing. Each row is a
-- JSON object with record_delivery's arguments by name (without the p_).
CREATE FUNCTION md.record_deliveries(p_rows jsonb) RETURNS SETOF text
${DEFINER}
DECLARE
  v jsonb;
BEGIN
  IF jsonb_typeof(p_rows) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'A batch of deliveries is a list.' USING ERRCODE = 'M0008';
  END IF;
  FOR v IN SELECT value FROM jsonb_array_elements(p_rows) WITH ORDINALITY ORDER BY ordinality LOOP
    RETURN NEXT md.record_delivery(v->>'id', v->>'profile', v->>'received_at', v->>'source',
      (v->>'verified')::boolean, (v->>'duplicate')::boolean, v->>'event', v->>'dedupe_key', v->>'status',
      v->>'raw_body', v->>'applied_to', v->>'note', v->>'rejection', nullif(v->'ids', 'null'),
      nullif(v->'mismatch', 'null'), v->>'signature');
  END LOOP;
END
$fn$;
`;
