import { DEFINER, DESK_DEFINER } from './definer';
import { managedLogin } from './003-identity-people';

/**
 * Part of migration 004: the two new groups (approver, auditor), the team's named approver groups,
 * and the "treasury desks" allowed to hold the API key. 001's md_viewer ← md_operator ← md_admin
 * chain is kept as it is; a person may hold several groups (md.grant_person_role adds approver or
 * auditor beside the level md.set_person_role sets; taking a person off the team takes all of them).
 */
export const ROLES_SQL = `
DO $roles$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'md_approver') THEN CREATE ROLE md_approver NOLOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'md_auditor') THEN CREATE ROLE md_auditor NOLOGIN; END IF;
EXCEPTION WHEN duplicate_object THEN
  NULL;
END
$roles$;
-- An approver reads the ledger like a viewer. The auditor is NOT a viewer: a viewer may enroll a desk
-- (003), and an auditor changes nothing; its reads are granted one by one at the end of 004.
GRANT md_viewer TO md_approver;
GRANT USAGE ON SCHEMA md TO md_auditor;

-- Every md_* group each login holds directly, one row each (md.team_people shows only the highest of
-- viewer/operator/admin, as 003 defined it).
CREATE VIEW md.team_person_roles AS
  SELECT r.rolname::text AS person, substr(g.rolname, 4) AS role
    FROM pg_roles r
    JOIN pg_auth_members m ON m.member = r.oid
    JOIN pg_roles g ON g.oid = m.roleid
   WHERE r.rolcanlogin AND g.rolname IN ('md_viewer', 'md_operator', 'md_admin', 'md_approver', 'md_auditor');

CREATE FUNCTION md.is_member(p_person text, p_group text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
  SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_person) AND pg_has_role(p_person, p_group, 'MEMBER')
$fn$;

-- Adds or takes away approver or auditor beside whatever else the person holds.
CREATE FUNCTION md.grant_person_role(p_person text, p_role text, p_holds boolean) RETURNS void
${DEFINER}
DECLARE
  v_role pg_roles%ROWTYPE;
BEGIN
  IF p_role IS NULL OR p_role NOT IN ('approver', 'auditor') THEN
    RAISE EXCEPTION 'Only approver and auditor are added beside a role; viewer, operator and admin are set with set_person_role.'
      USING ERRCODE = 'M0008';
  END IF;
${managedLogin('The roles of "%" are')}
  PERFORM pg_advisory_xact_lock(hashtext('md.set_person_role'));
  EXECUTE format(CASE WHEN p_holds THEN 'GRANT %I TO %I' ELSE 'REVOKE %I FROM %I' END, 'md_' || p_role, p_person);
  INSERT INTO md.role_changes (person, role)
    VALUES (p_person, CASE WHEN p_holds THEN '+' ELSE '-' END || p_role);
END
$fn$;

-- 003's people view, with approvers and auditors on the team too: \`role\` keeps its three levels (an
-- approver or auditor alone reads, so shows as viewer), \`roles\` lists every group held.
CREATE OR REPLACE VIEW md.team_people AS
  SELECT r.rolname::text AS person,
         CASE max(CASE g.rolname WHEN 'md_admin' THEN 3 WHEN 'md_operator' THEN 2 ELSE 1 END)
           WHEN 3 THEN 'admin' WHEN 2 THEN 'operator' ELSE 'viewer' END AS role,
         r.rolvaliduntil AS valid_until,
         array_agg(substr(g.rolname, 4) ORDER BY g.rolname) AS roles
    FROM pg_roles r
    JOIN pg_auth_members m ON m.member = r.oid
    JOIN pg_roles g ON g.oid = m.roleid
     AND g.rolname IN ('md_viewer', 'md_operator', 'md_admin', 'md_approver', 'md_auditor')
   WHERE r.rolcanlogin
   GROUP BY r.rolname, r.rolvaliduntil;

-- Taking a person off the team (role NULL) takes approver and auditor away too: 003's function knows
-- only the three levels, so it is kept under another name and called first.
ALTER FUNCTION md.set_person_role(text, text) RENAME TO set_person_role_levels;
CREATE FUNCTION md.set_person_role(p_person text, p_role text) RETURNS void
${DEFINER}
DECLARE
  v_group text;
BEGIN
  PERFORM md.set_person_role_levels(p_person, p_role);
  IF p_role IS NULL THEN
    FOREACH v_group IN ARRAY ARRAY['md_approver', 'md_auditor'] LOOP
      IF pg_has_role(p_person, v_group, 'MEMBER') THEN EXECUTE format('REVOKE %I FROM %I', v_group, p_person); END IF;
    END LOOP;
  END IF;
END
$fn$;

-- Named groups of people, matched by a policy's rules (who prepared it; whose approvals count).
CREATE TABLE md.team_groups (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_-]{0,39}$'),
  created_by text NOT NULL DEFAULT session_user,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE md.group_members (
  group_name text NOT NULL REFERENCES md.team_groups (name),
  person text NOT NULL,
  added_by text NOT NULL DEFAULT session_user,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_name, person)
);

CREATE FUNCTION md.in_group(p_person text, p_group text) RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (SELECT 1 FROM md.group_members WHERE group_name = p_group AND person = p_person)
$fn$;

-- Group membership decides whose approval counts, so each change is in the chain.
CREATE FUNCTION md.set_group_member(p_group text, p_person text, p_member boolean) RETURNS void
${DESK_DEFINER}
BEGIN
  IF p_group IS NULL OR p_group !~ '^[a-z][a-z0-9_-]{0,39}$' THEN
    RAISE EXCEPTION 'A group name is 1 to 40 lower-case letters, digits, - or _, starting with a letter.'
      USING ERRCODE = 'M0008';
  END IF;
  IF coalesce(trim(p_person), '') = '' OR p_member IS NULL THEN
    RAISE EXCEPTION 'Name the person, and whether they are in the group.' USING ERRCODE = 'M0008';
  END IF;
  INSERT INTO md.team_groups (name) VALUES (p_group) ON CONFLICT DO NOTHING;
  IF p_member THEN
    INSERT INTO md.group_members (group_name, person) VALUES (p_group, p_person) ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM md.group_members WHERE group_name = p_group AND person = p_person;
  END IF;
  PERFORM md.append_event(NULL, 'approvals.group',
    jsonb_build_object('group', p_group, 'person', p_person, 'member', p_member)::text);
  PERFORM pg_notify('md_changes', nextval('md.change_seq') || ':group');
END
$fn$;

-- The desks allowed to hold the API key and so to send. While none is named every desk may send (a
-- team of one desk); once one is named, every other desk is refused at begin and at claim.
CREATE TABLE md.treasury_desks (
  desk_id uuid PRIMARY KEY REFERENCES md.desks (id),
  named_by text NOT NULL DEFAULT session_user,
  named_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION md.set_treasury_desk(p_desk uuid, p_holds boolean) RETURNS void
${DESK_DEFINER}
BEGIN
  IF NOT EXISTS (SELECT 1 FROM md.desks WHERE id = p_desk AND revoked_at IS NULL) THEN
    RAISE EXCEPTION 'There is no active desk with that id.' USING ERRCODE = 'M0009';
  END IF;
  IF p_holds THEN
    INSERT INTO md.treasury_desks (desk_id) VALUES (p_desk) ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM md.treasury_desks WHERE desk_id = p_desk;
  END IF;
  PERFORM md.append_event(NULL, 'approvals.treasury-desk',
    jsonb_build_object('deskId', p_desk, 'holdsKey', coalesce(p_holds, false))::text);
  PERFORM pg_notify('md_changes', nextval('md.change_seq') || ':treasury');
END
$fn$;

CREATE FUNCTION md.refuse_unless_treasury(p_desk uuid) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
BEGIN
  IF EXISTS (SELECT 1 FROM md.treasury_desks)
     AND NOT EXISTS (SELECT 1 FROM md.treasury_desks WHERE desk_id = p_desk) THEN
    RAISE EXCEPTION 'Desk "%" is not a treasury desk: it does not hold the API key and cannot send. A treasury desk sends it.',
      (SELECT name FROM md.desks WHERE id = p_desk) USING ERRCODE = 'M0003';
  END IF;
END
$fn$;
`;
