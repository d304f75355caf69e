import type { Migration } from './migration';

/**
 * A policy draft saved or a policy published (md.policies) is announced on channel md_team, as 006
 * announces desks and roles, so every desk's policy editor follows what another desk's admin did
 * while it is open (issue 28). A statement trigger: it fires whoever writes, md's functions or an
 * admin in psql. It reads and changes nothing.
 */
const SQL = `
CREATE TRIGGER policies_team_notice AFTER INSERT OR UPDATE ON md.policies
  FOR EACH STATEMENT EXECUTE FUNCTION md.notify_team_change();
`;

export const policyNotice: Migration = { version: 12, name: 'policy-notice', sql: SQL };
