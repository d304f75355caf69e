/**
 * Part of migration 004: the auditor's read of the whole chain (who, when, which desk, what) with the
 * hashes, so the export can be checked without the app; and who may run what of 004. The auditor reads
 * every table (never a desk's token or an enrollment code's hash) and runs no function that writes:
 * attaching binds its connection to a desk and changes nothing in the ledger.
 */
export const AUDIT_SQL = `
CREATE FUNCTION md.audit_trail(p_after bigint, p_limit int)
RETURNS TABLE (seq bigint, at text, type text, entry_id bigint, desk_id uuid, desk text, person text,
  detail text, prev_hash text, hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
  SELECT e.seq, e.at, e.type, e.entry_id, e.desk_id, d.name, e.person, e.detail, e.prev_hash, e.hash
    FROM md.events e JOIN md.desks d ON d.id = e.desk_id
   WHERE e.seq > coalesce(p_after, 0) ORDER BY e.seq LIMIT least(greatest(coalesce(p_limit, 1000), 1), 10000)
$fn$;

CREATE FUNCTION md.audit_head(OUT seq bigint, OUT hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
  SELECT h.seq, h.hash FROM md.chain_head h
$fn$;

REVOKE ALL ON md.team_groups, md.group_members, md.treasury_desks, md.policies, md.address_book,
  md.approval_intents, md.approvals, md.team_person_roles FROM PUBLIC;
GRANT SELECT ON md.team_groups, md.group_members, md.treasury_desks, md.policies, md.address_book,
  md.approval_intents, md.approvals, md.team_person_roles TO md_viewer;

-- The reads' helpers (plain SQL over tables a viewer already reads).
GRANT EXECUTE ON FUNCTION md.counted_approvals(md.approval_intents), md.in_group(text, text)
  TO md_viewer, md_auditor;

GRANT SELECT ON ALL TABLES IN SCHEMA md TO md_auditor;
REVOKE SELECT ON md.desks, md.enrollment_codes FROM md_auditor;
GRANT SELECT (id, name, public_key, enrolled_by, enrolled_at, revoked_at, revoked_by, revoke_reason)
  ON md.desks TO md_auditor;
GRANT SELECT (desk_name, created_by, created_at, expires_at, used_at, used_by, desk_id)
  ON md.enrollment_codes TO md_auditor;
GRANT EXECUTE ON FUNCTION md.current_desk(), md.attach_desk(uuid, text), md.now_text(),
  md.search_text(text, text, text, text, text, text, text, text), md.answer_field(text, text),
  md.audit_trail(bigint, int), md.audit_head() TO md_auditor;
GRANT EXECUTE ON FUNCTION md.audit_trail(bigint, int), md.audit_head() TO md_admin;
GRANT EXECUTE ON FUNCTION md.preview_policy(jsonb, int) TO md_admin, md_approver, md_auditor;

REVOKE ALL ON FUNCTION md.claim_entry_unchecked(bigint) FROM md_operator;
REVOKE ALL ON FUNCTION md.set_person_role_levels(text, text) FROM md_admin;
GRANT EXECUTE ON FUNCTION md.set_person_role(text, text) TO md_admin;
GRANT EXECUTE ON FUNCTION md.claim_entry(bigint),
  md.draft_withdrawal(text, text, text, text),
  md.revise_withdrawal(bigint, int, text),
  md.submit_withdrawal(bigint, int, text),
  md.propose_address(text, text, text, text)
  TO md_operator;
GRANT EXECUTE ON FUNCTION md.approve(bigint, int), md.reject(bigint, int, text),
  md.propose_address(text, text, text, text), md.approve_address(bigint), md.remove_address(bigint, text)
  TO md_approver;
GRANT EXECUTE ON FUNCTION md.save_policy_draft(jsonb, text), md.publish_policy(bigint),
  md.set_group_member(text, text, boolean), md.set_treasury_desk(uuid, boolean),
  md.grant_person_role(text, text, boolean), md.remove_address(bigint, text)
  TO md_admin;
`;
