/**
 * Part of migration 001, run last: nobody but the owner writes a table; viewers read; each function is
 * executable by the group named here and by nobody else (PostgreSQL grants EXECUTE to PUBLIC by default).
 */
export const GRANTS_SQL = `
REVOKE ALL ON ALL TABLES IN SCHEMA md FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA md FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA md FROM PUBLIC;
GRANT SELECT ON ALL TABLES IN SCHEMA md TO md_viewer;
-- A desk's token hash is for attach_desk alone.
REVOKE SELECT ON md.desks FROM md_viewer;
GRANT SELECT (id, name, public_key, enrolled_by, enrolled_at, revoked_at, revoked_by, revoke_reason)
  ON md.desks TO md_viewer;
GRANT EXECUTE ON FUNCTION md.current_desk() TO md_viewer;
GRANT EXECUTE ON FUNCTION md.attach_desk(uuid, text) TO md_viewer;
GRANT EXECUTE ON FUNCTION md.now_text() TO md_viewer;
GRANT EXECUTE ON FUNCTION md.search_text(text, text, text, text, text, text, text, text),
  md.answer_field(text, text) TO md_viewer;
GRANT EXECUTE ON FUNCTION
  md.begin_entry(text, text, text, text, text, text),
  md.create_intent(text, text, text, text, text, text),
  md.claim_entry(bigint),
  md.mark_abandoned(bigint),
  md.settle_entry(bigint, text, text, text, jsonb, jsonb),
  md.resolve_entry(bigint, text, boolean, text, text, jsonb, jsonb),
  md.attach_withdrawal_id(bigint, text, text),
  md.apply_withdrawal_event(text, text, text, text),
  md.apply_invoice_event(text, text, text, text, text, text),
  md.recover_desk()
  TO md_operator;
`;
