import { AUDIT_SQL } from './004-approvals-audit';
import { BOOK_SQL } from './004-approvals-book';
import { CLAIM_SQL } from './004-approvals-claim';
import { EVALUATE_SQL } from './004-approvals-evaluate';
import { FLOW_SQL } from './004-approvals-flow';
import { POLICY_SQL } from './004-approvals-policy';
import { ROLES_SQL } from './004-approvals-roles';
import type { Migration } from './migration';

/**
 * Roles (approver, auditor), the approval policy, withdrawal intents' approvals, the team's address
 * book, treasury desks, and the auditor's read of the chain (issue 28). Held by the database: the
 * functions refuse what a role or the policy does not allow, whatever a desk sends.
 */
export const approvals: Migration = {
  version: 4,
  name: 'approvals',
  sql: [ROLES_SQL, POLICY_SQL, BOOK_SQL, FLOW_SQL, EVALUATE_SQL, CLAIM_SQL, AUDIT_SQL].join('\n'),
};
