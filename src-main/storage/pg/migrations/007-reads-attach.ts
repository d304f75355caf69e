import { DEFINER } from './definer';
import { currentDeskSql, DESK_PRESENCE, DESK_PROOF } from './001-core-desks';

/**
 * Part of migration 007: which desk a server connection speaks for, told without pg_stat_activity.
 * Before, a backend was named by its pid and start time, and only a login in pg_read_all_stats may
 * read another login's start time, so a ledger owner needed that role. Now md.attach_desk gives the
 * connection a random secret of its own, kept in a setting of that session alone (`md.attachment`,
 * which no other session can read), and stores only the secret's hash beside the pid. A desk that
 * reads md.attached learns hashes; a later connection that is given the same pid holds no secret.
 * backend_start stays for whoever reads it and is now the time the connection attached.
 */
export const ATTACH_SQL = `
DELETE FROM md.attached;
ALTER TABLE md.attached ADD COLUMN secret_hash bytea NOT NULL;
COMMENT ON COLUMN md.attached.backend_start IS 'When this connection attached (since migration 007).';
COMMENT ON COLUMN md.attached.secret_hash IS 'sha256 of the secret in the connection''s md.attachment setting.';

${currentDeskSql(
  'CREATE OR REPLACE',
  `  v_secret text := current_setting('md.attachment', true);
`,
  "a.pid = pg_backend_pid() AND a.secret_hash = sha256(convert_to(coalesce(v_secret, ''), 'UTF8'))",
  "v_desk IS NULL OR coalesce(v_secret, '') = ''",
)}

CREATE OR REPLACE FUNCTION md.attach_desk(p_desk uuid, p_token text) RETURNS void
${DEFINER}
DECLARE
  v_desk md.desks%ROWTYPE;
  -- gen_random_uuid draws from the server's strong random source: two of them, 244 random bits.
  v_secret text := gen_random_uuid()::text || gen_random_uuid()::text;
BEGIN
${DESK_PROOF}
  -- A row for this pid is stale (a closed connection's whose pid was reused) or ours from before.
  DELETE FROM md.attached a WHERE a.pid = pg_backend_pid();
${DESK_PRESENCE}
  INSERT INTO md.attached (pid, backend_start, desk_id, attached_by, secret_hash)
    VALUES (pg_backend_pid(), clock_timestamp(), p_desk, session_user, sha256(convert_to(v_secret, 'UTF8')));
  -- For the rest of this session (false: not only this transaction; undone if it rolls back).
  PERFORM set_config('md.attachment', v_secret, false);
END
$fn$;
`;
