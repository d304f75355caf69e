import { DEFINER, DESK_DEFINER } from './definer';

/**
 * A session's change, as every session function ends: appended to the chain (as `step`, with the row
 * v_row as it now is, under `key`), announced to the desks (as `notice`), and returned.
 */
const sessionChanged = (
  step: string,
  sessionId: string,
  key: string,
  notice: string,
) => `  PERFORM md.append_event(NULL, 'reconciliation.${step}',
    jsonb_build_object('sessionId', ${sessionId}, '${key}', to_jsonb(v_row))::text);
  PERFORM pg_notify('md_changes', v_row.change_seq || ':${notice}');
  RETURN v_row;`;

/**
 * Part of migration 002: reconciliation sessions shared by the team, with who started, reviewed and
 * closed each from the engine (session_user and the desk attached to the connection), never from the
 * desk's word. The name a person typed is kept beside it (closed_name, by_name), as the port returns
 * it. Every change is appended to the chain with the row as it is after the change, so a desk finds a
 * session or review edited beside the chain (recon-verify.ts).
 */
export const SESSIONS_SQL = `
CREATE TABLE md.recon_sessions (
  id bigserial PRIMARY KEY,
  profile_id text NOT NULL CHECK (length(profile_id) BETWEEN 1 AND 200),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
  from_at text COLLATE "C" NOT NULL,
  to_at text COLLATE "C" NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'closed')),
  started_at text COLLATE "C" NOT NULL,
  started_by text NOT NULL,
  started_desk uuid NOT NULL REFERENCES md.desks (id),
  closed_at text COLLATE "C",
  closed_by text,
  closed_desk uuid REFERENCES md.desks (id),
  closed_name text,
  close_note text,
  with_exceptions boolean,
  report_json text,
  change_seq bigint NOT NULL,
  CHECK ((state = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX recon_sessions_profile ON md.recon_sessions (profile_id, id);
CREATE INDEX recon_sessions_change ON md.recon_sessions (change_seq);

CREATE TABLE md.recon_reviews (
  session_id bigint NOT NULL REFERENCES md.recon_sessions (id),
  item_key text COLLATE "C" NOT NULL CHECK (length(item_key) BETWEEN 1 AND 500),
  note text NOT NULL CHECK (length(note) <= 10000),
  by_name text NOT NULL CHECK (length(by_name) BETWEEN 1 AND 200),
  at text COLLATE "C" NOT NULL,
  reviewed_by text NOT NULL,
  reviewed_desk uuid NOT NULL REFERENCES md.desks (id),
  change_seq bigint NOT NULL,
  PRIMARY KEY (session_id, item_key)
);
CREATE INDEX recon_reviews_change ON md.recon_reviews (change_seq);

-- The session, locked for this change; refused when missing, or when closed (nothing changes after).
CREATE FUNCTION md.open_recon_session_for_update(p_session bigint) RETURNS md.recon_sessions
${DEFINER}
DECLARE
  v_row md.recon_sessions%ROWTYPE;
BEGIN
  SELECT * INTO v_row FROM md.recon_sessions WHERE id = p_session FOR UPDATE;
  IF v_row.id IS NULL THEN
    RAISE EXCEPTION 'There is no reconciliation session %.', p_session USING ERRCODE = 'M0009';
  END IF;
  IF v_row.state <> 'open' THEN
    RAISE EXCEPTION 'Reconciliation session % was closed by % on desk "%" at %; nothing was changed.',
      p_session, v_row.closed_by, (SELECT d.name FROM md.desks d WHERE d.id = v_row.closed_desk), v_row.closed_at
      USING ERRCODE = 'M0007';
  END IF;
  RETURN v_row;
END
$fn$;

CREATE FUNCTION md.start_recon_session(p_profile text, p_environment text, p_from text, p_to text)
RETURNS md.recon_sessions
${DESK_DEFINER}
  v_row md.recon_sessions%ROWTYPE;
BEGIN
  IF NOT md.recon_is_time(p_from) OR NOT md.recon_is_time(p_to) OR p_from > p_to THEN
    RAISE EXCEPTION 'A reconciliation period runs from one UTC time to a later one (% to %).', p_from, p_to
      USING ERRCODE = 'M0008';
  END IF;
  IF p_profile IS NULL OR length(p_profile) NOT BETWEEN 1 AND 200 OR p_environment IS NULL
     OR p_environment NOT IN ('sandbox', 'live') THEN
    RAISE EXCEPTION 'A reconciliation session needs a profile and its environment (sandbox or live).'
      USING ERRCODE = 'M0008';
  END IF;
  INSERT INTO md.recon_sessions (profile_id, environment, from_at, to_at, state, started_at, started_by,
      started_desk, change_seq)
    VALUES (p_profile, p_environment, p_from, p_to, 'open', md.now_text(), session_user, v_desk,
      nextval('md.change_seq'))
    RETURNING * INTO v_row;
${sessionChanged('start', 'v_row.id', 'session', 'recon-session')}
END
$fn$;

-- A person's note on one item of an open session; a second note on the item replaces the first.
CREATE FUNCTION md.review_recon_item(p_session bigint, p_item text, p_note text, p_by text)
RETURNS md.recon_reviews
${DESK_DEFINER}
  v_row md.recon_reviews%ROWTYPE;
BEGIN
  IF p_item IS NULL OR length(p_item) NOT BETWEEN 1 AND 500 OR p_note IS NULL OR length(p_note) > 10000
     OR p_by IS NULL OR length(p_by) NOT BETWEEN 1 AND 200 THEN
    RAISE EXCEPTION 'A review needs an item, a note (at most 10 000 characters) and the reviewer''s name.'
      USING ERRCODE = 'M0008';
  END IF;
  PERFORM md.open_recon_session_for_update(p_session);
  INSERT INTO md.recon_reviews (session_id, item_key, note, by_name, at, reviewed_by, reviewed_desk, change_seq)
    VALUES (p_session, p_item, p_note, p_by, md.now_text(), session_user, v_desk, nextval('md.change_seq'))
    ON CONFLICT (session_id, item_key) DO UPDATE
      SET note = excluded.note, by_name = excluded.by_name, at = excluded.at,
          reviewed_by = excluded.reviewed_by, reviewed_desk = excluded.reviewed_desk,
          change_seq = excluded.change_seq
    RETURNING * INTO v_row;
${sessionChanged('review', 'p_session', 'review', 'recon-review')}
END
$fn$;

CREATE FUNCTION md.close_recon_session(
  p_session bigint, p_name text, p_note text, p_with_exceptions boolean, p_report text
) RETURNS md.recon_sessions
${DESK_DEFINER}
  v_row md.recon_sessions%ROWTYPE;
BEGIN
  IF p_name IS NULL OR length(p_name) NOT BETWEEN 1 AND 200 OR p_note IS NULL OR p_with_exceptions IS NULL THEN
    RAISE EXCEPTION 'Closing a session needs a name, a note and whether it closes with exceptions.'
      USING ERRCODE = 'M0008';
  END IF;
  PERFORM md.open_recon_session_for_update(p_session);
  UPDATE md.recon_sessions
     SET state = 'closed', closed_at = md.now_text(), closed_by = session_user, closed_desk = v_desk,
         closed_name = p_name, close_note = p_note, with_exceptions = p_with_exceptions,
         report_json = p_report, change_seq = nextval('md.change_seq')
   WHERE id = p_session
  RETURNING * INTO v_row;
${sessionChanged('close', 'v_row.id', 'session', 'recon-session')}
END
$fn$;
`;
