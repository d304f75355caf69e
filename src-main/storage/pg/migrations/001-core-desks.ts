import { DEFINER } from './definer';

/**
 * md.current_desk, as 001 wrote it and 007 replaced it: the desk this connection attached as, found
 * by `thisConnection` (each version's way to name the connection, with `declare` before the rest),
 * refused (M0001) while `unattached`, refused (M0002) when the desk was revoked.
 */
export const currentDeskSql = (
  create: string,
  declare: string,
  thisConnection: string,
  unattached: string,
) => `${create} FUNCTION md.current_desk() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
DECLARE
${declare}  v_desk uuid;
  v_name text;
  v_revoked timestamptz;
BEGIN
  SELECT a.desk_id, d.name, d.revoked_at INTO v_desk, v_name, v_revoked
    FROM md.attached a JOIN md.desks d ON d.id = a.desk_id
   WHERE ${thisConnection};
  IF ${unattached} THEN
    RAISE EXCEPTION 'This connection has not said which desk it is; the desk must attach before it writes.'
      USING ERRCODE = 'M0001';
  END IF;
  IF v_revoked IS NOT NULL THEN
    RAISE EXCEPTION 'Desk "%" was revoked on % and may no longer use the team ledger; ask an admin to enroll it again.',
      v_name, to_char(v_revoked AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
      USING ERRCODE = 'M0002';
  END IF;
  RETURN v_desk;
END
$fn$;`;

/** md.attach_desk's proof (001, kept by 007): the desk is enrolled, p_token is its token, and it is not revoked. */
export const DESK_PROOF = `  SELECT * INTO v_desk FROM md.desks WHERE id = p_desk;
  IF v_desk.id IS NULL OR p_token IS NULL
     OR v_desk.token_hash IS DISTINCT FROM sha256(convert_to(p_token, 'UTF8')) THEN
    RAISE EXCEPTION 'This desk is not enrolled in the team, or its token is wrong.' USING ERRCODE = 'M0003';
  END IF;
  IF v_desk.revoked_at IS NOT NULL THEN
    RAISE EXCEPTION 'Desk "%" was revoked and may no longer use the team ledger; ask an admin to enroll it again.',
      v_desk.name USING ERRCODE = 'M0002';
  END IF;`;

/** md.attach_desk's mark of presence (001, kept by 007). */
export const DESK_PRESENCE = `  -- Presence: while any connection of the desk is open, its shared lock is held (released by the
  -- server when the connection ends, a crash included). md.mark_abandoned asks for it exclusively.
  PERFORM pg_advisory_lock_shared(28, hashtext(p_desk::text));`;

/**
 * Part of migration 001: schema `md`, the group roles, the schema record, the desks and which desk
 * each server connection speaks for. Roles are cluster-wide, so they are made only when missing.
 */
export const DESKS_SQL = `
CREATE SCHEMA md;
REVOKE ALL ON SCHEMA md FROM PUBLIC;

DO $roles$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'md_viewer') THEN CREATE ROLE md_viewer NOLOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'md_operator') THEN CREATE ROLE md_operator NOLOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'md_admin') THEN CREATE ROLE md_admin NOLOGIN; END IF;
EXCEPTION WHEN duplicate_object THEN
  -- Another database of the same cluster made them at the same moment: they exist, which is the point.
  NULL;
END
$roles$;
GRANT md_viewer TO md_operator;
GRANT md_operator TO md_admin;
GRANT USAGE ON SCHEMA md TO md_viewer;

CREATE TABLE md.schema_info (
  version int PRIMARY KEY,
  name text NOT NULL,
  migrated_at timestamptz NOT NULL DEFAULT now(),
  migrated_by text NOT NULL DEFAULT session_user
);

CREATE TABLE md.desks (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(trim(name)) BETWEEN 1 AND 100),
  public_key text,
  token_hash bytea NOT NULL,
  enrolled_by text NOT NULL DEFAULT session_user,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by text,
  revoke_reason text
);

CREATE TABLE md.attached (
  pid int NOT NULL,
  backend_start timestamptz NOT NULL,
  desk_id uuid NOT NULL REFERENCES md.desks (id),
  attached_by text NOT NULL,
  PRIMARY KEY (pid, backend_start)
);

-- The desk THIS server connection speaks for. A backend is named by its pid and start time together:
-- a pid is reused after a disconnect, its start time is not.
${currentDeskSql(
  'CREATE',
  '',
  `a.pid = pg_backend_pid()
     AND a.backend_start = (SELECT s.backend_start FROM pg_stat_activity s WHERE s.pid = pg_backend_pid())`,
  'v_desk IS NULL',
)}

-- Binds this connection to a desk, proven by the desk's token (only its hash is stored).
CREATE FUNCTION md.attach_desk(p_desk uuid, p_token text) RETURNS void
${DEFINER}
DECLARE
  v_desk md.desks%ROWTYPE;
  v_start timestamptz;
BEGIN
${DESK_PROOF}
  SELECT s.backend_start INTO v_start FROM pg_stat_activity s WHERE s.pid = pg_backend_pid();
  -- A row for this pid is stale (the pid was reused) or ours from before. Rows of other connections
  -- stay: this transaction's view of pg_stat_activity is a snapshot that may predate a connection that
  -- attached meanwhile, and a stale row never matches a live backend (its start time differs).
  DELETE FROM md.attached a WHERE a.pid = pg_backend_pid();
${DESK_PRESENCE}
  INSERT INTO md.attached (pid, backend_start, desk_id, attached_by)
    VALUES (pg_backend_pid(), v_start, p_desk, session_user);
END
$fn$;
`;
