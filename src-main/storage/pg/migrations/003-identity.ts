import { DESKS_SQL } from './003-identity-desks';
import { PEOPLE_SQL } from './003-identity-people';
import type { Migration } from './migration';

const GRANTS_SQL = `
REVOKE ALL ON md.enrollment_codes, md.role_changes, md.team_desks, md.team_people FROM PUBLIC;
REVOKE ALL ON SEQUENCE md.role_changes_seq_seq FROM PUBLIC;
GRANT SELECT ON md.team_desks, md.team_people TO md_viewer;
GRANT SELECT (desk_name, created_by, created_at, expires_at, used_at, used_by, desk_id)
  ON md.enrollment_codes TO md_admin;
GRANT SELECT ON md.role_changes TO md_admin;
REVOKE ALL ON FUNCTION md.create_enrollment_code(text, interval), md.enroll_desk(text, text, text),
  md.revoke_desk(uuid, text), md.set_person_role(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION md.create_enrollment_code(text, interval) TO md_admin;
GRANT EXECUTE ON FUNCTION md.revoke_desk(uuid, text) TO md_admin;
GRANT EXECUTE ON FUNCTION md.set_person_role(text, text) TO md_admin;
-- Any person of the team enrolls their own desk: the one-time code is the admin's permission.
GRANT EXECUTE ON FUNCTION md.enroll_desk(text, text, text) TO md_viewer;
`;

/** Enrollment codes, enrolling and revoking desks, and the team's desks and people for admins. */
export const identity: Migration = {
  version: 3,
  name: 'identity',
  sql: [DESKS_SQL, PEOPLE_SQL, GRANTS_SQL].join('\n'),
};
