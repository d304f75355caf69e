import { DEFINER } from './definer';

/**
 * p_person's login read into v_role, refused when the server has no such login (M0009) or when it is
 * not the desk's to manage (M0003: a superuser, or one of md's own group roles). `subject` names what
 * is not managed, in the caller's words.
 */
export const managedLogin = (
  subject: string,
) => `  SELECT * INTO v_role FROM pg_roles WHERE rolname = p_person;
  IF v_role.rolname IS NULL OR NOT v_role.rolcanlogin THEN
    RAISE EXCEPTION 'There is no login named "%" on this server; the server''s admin creates logins.', p_person
      USING ERRCODE = 'M0009';
  END IF;
  IF v_role.rolsuper OR v_role.rolname LIKE 'md\\_%' THEN
    RAISE EXCEPTION '${subject} not managed from the desk.', p_person USING ERRCODE = 'M0003';
  END IF;`;

/**
 * Part of migration 003: who is on the team. People are PostgreSQL logins that are members of one of
 * the md_* group roles; an admin changes a person's role through md.set_person_role (the migration's
 * owner needs CREATEROLE, or to be a superuser, for its GRANTs to work). Logins themselves are made by
 * the server's admin (CREATE ROLE ... LOGIN, then \password), so no password ever passes through a
 * function's arguments or the server's statement log.
 */
export const PEOPLE_SQL = `
CREATE VIEW md.team_desks AS
  SELECT id, name, public_key, enrolled_by, enrolled_at, revoked_at, revoked_by, revoke_reason,
         CASE WHEN revoked_at IS NULL THEN 'active' ELSE 'revoked' END AS state
    FROM md.desks;

-- A person's role is the highest md_* group they were granted directly.
CREATE VIEW md.team_people AS
  SELECT r.rolname::text AS person,
         CASE max(CASE g.rolname WHEN 'md_admin' THEN 3 WHEN 'md_operator' THEN 2 ELSE 1 END)
           WHEN 3 THEN 'admin' WHEN 2 THEN 'operator' ELSE 'viewer' END AS role,
         r.rolvaliduntil AS valid_until
    FROM pg_roles r
    JOIN pg_auth_members m ON m.member = r.oid
    JOIN pg_roles g ON g.oid = m.roleid AND g.rolname IN ('md_viewer', 'md_operator', 'md_admin')
   WHERE r.rolcanlogin
   GROUP BY r.rolname, r.rolvaliduntil;

CREATE TABLE md.role_changes (
  seq bigserial PRIMARY KEY,
  person text NOT NULL,
  role text,
  changed_by text NOT NULL DEFAULT session_user,
  changed_at timestamptz NOT NULL DEFAULT now()
);

-- p_role: 'viewer', 'operator', 'admin', or NULL to take the person off the team.
CREATE FUNCTION md.set_person_role(p_person text, p_role text) RETURNS void
${DEFINER}
DECLARE
  v_role pg_roles%ROWTYPE;
  v_group text;
BEGIN
  IF p_role IS NOT NULL AND p_role NOT IN ('viewer', 'operator', 'admin') THEN
    RAISE EXCEPTION 'A role is viewer, operator or admin.' USING ERRCODE = 'M0008';
  END IF;
${managedLogin('The role of "%" is')}
  -- The team is never left without an admin (the last one cannot demote themselves or be removed).
  IF coalesce(p_role, '') <> 'admin'
     AND EXISTS (SELECT 1 FROM md.team_people WHERE person = p_person AND role = 'admin')
     AND NOT EXISTS (SELECT 1 FROM md.team_people WHERE person <> p_person AND role = 'admin') THEN
    RAISE EXCEPTION '"%" is the team''s last admin; make someone else admin first.', p_person
      USING ERRCODE = 'M0003';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('md.set_person_role'));
  FOREACH v_group IN ARRAY ARRAY['md_viewer', 'md_operator', 'md_admin'] LOOP
    IF EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
                WHERE m.member = v_role.oid AND g.rolname = v_group) THEN
      EXECUTE format('REVOKE %I FROM %I', v_group, p_person);
    END IF;
  END LOOP;
  IF p_role IS NOT NULL THEN
    EXECUTE format('GRANT %I TO %I', 'md_' || p_role, p_person);
  END IF;
  INSERT INTO md.role_changes (person, role) VALUES (p_person, p_role);
END
$fn$;
`;
