import { refuseDuplicateSql } from './001-core-begin';
import type { Migration } from './migration';

/**
 * Migration 006 (who did what, issue 27 item 8). The duplicate guard's refusal (M0004) names who holds the earlier withdrawal: the desk
 * that claimed it (or made it, for a row nobody claimed), the login that did, and when. The rule itself
 * is unchanged (001-core-begin.ts writes both); only what each match carries in DETAIL grows. CREATE OR REPLACE
 * keeps the function's owner and grants.
 */
const REFUSE_SQL = `
${refuseDuplicateSql(
  'CREATE OR REPLACE',
  `'id', e.id, 'state', e.state, 'settlement', e.settlement,
           'createdAt', e.created_at, 'desk', coalesce(dc.name, d.name),
           'person', coalesce(e.claimed_by_person, e.created_by),
           'claimedAt', coalesce(e.claimed_at, e.created_at)`,
  `
    LEFT JOIN md.desks dc ON dc.id = e.claimed_by`,
)}
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
