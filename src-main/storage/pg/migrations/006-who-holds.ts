import type { Migration } from './migration';

/**
 * Migration 006 (who did what, issue 27 item 8). The duplicate guard's refusal (M0004) names who holds the earlier withdrawal: the desk
 * that claimed it (or made it, for a row nobody claimed), the login that did, and when. The rule itself
 * is unchanged (001-core-begin.ts); only what each match carries in DETAIL grows. CREATE OR REPLACE
 * keeps the function's owner and grants.
 */
const REFUSE_SQL = `
CREATE OR REPLACE FUNCTION md.refuse_duplicate(p_except bigint, p_environment text, f md.key_fields, p_override text)
RETURNS void LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_matches jsonb;
BEGIN
  IF p_override IS NOT NULL THEN RETURN; END IF;
  SELECT jsonb_agg(jsonb_build_object('id', e.id, 'state', e.state, 'settlement', e.settlement,
           'createdAt', e.created_at, 'desk', coalesce(dc.name, d.name),
           'person', coalesce(e.claimed_by_person, e.created_by),
           'claimedAt', coalesce(e.claimed_at, e.created_at)) ORDER BY e.id)
    INTO v_matches
    FROM md.entries e JOIN md.desks d ON d.id = e.desk_id
    LEFT JOIN md.desks dc ON dc.id = e.claimed_by
   WHERE e.operation = 'createWithdrawal' AND e.environment = p_environment
     AND lower(e.coin) = lower(f.coin) AND lower(e.network) = lower(f.network)
     AND lower(trim(e.to_address)) = lower(trim(f.to_address))
     AND e.id IS DISTINCT FROM p_except
     AND (e.state IN ('sending', 'unknown')
       OR (e.state IN ('accepted', 'resolved-performed') AND (e.settlement IS NULL OR e.settlement IN ('pending', 'processing'))))
     AND e.amount::numeric = f.amount::numeric;
  IF v_matches IS NOT NULL THEN
    RAISE EXCEPTION 'A withdrawal of the same amount of the same coin on the same network to the same address is not finished; check it first, or confirm with a reason to send another.'
      USING ERRCODE = 'M0004', DETAIL = v_matches::text;
  END IF;
END
$fn$;
`;

/**
 * A desk enrolled or revoked, a person's role changed: announced on channel md_team (not md_changes,
 * whose notices each name a change of the ledger), so the desks' team lists refresh as it commits.
 * Statement triggers: they fire whoever writes, md's functions or an admin in psql.
 */
const TEAM_NOTICE_SQL = `
CREATE FUNCTION md.notify_team_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('md_team', TG_TABLE_NAME);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER desks_team_notice AFTER INSERT OR UPDATE OR DELETE ON md.desks
  FOR EACH STATEMENT EXECUTE FUNCTION md.notify_team_change();
CREATE TRIGGER role_changes_team_notice AFTER INSERT ON md.role_changes
  FOR EACH STATEMENT EXECUTE FUNCTION md.notify_team_change();
`;

export const whoHolds: Migration = {
  version: 6,
  name: 'who-holds',
  sql: [REFUSE_SQL, TEAM_NOTICE_SQL].join('\n'),
};
