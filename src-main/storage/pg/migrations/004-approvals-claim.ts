import { DESK_DEFINER } from './definer';

/**
 * Part of migration 004: the two ways a desk starts sending (md.begin_entry, md.claim_entry) now ask
 * first whether this desk may hold the key (a treasury desk) and, for a withdrawal, whether it was
 * approved under the newest published policy. 001's claim stays the one conditional update that
 * decides the race; it is renamed and only the checked claim calls it.
 */
export const CLAIM_SQL = `
ALTER FUNCTION md.claim_entry(bigint) RENAME TO claim_entry_unchecked;

CREATE FUNCTION md.claim_entry(p_id bigint) RETURNS void
${DESK_DEFINER}
  e md.entries%ROWTYPE;
BEGIN
  PERFORM md.refuse_unless_treasury(v_desk);
  -- Locked before the check, so no approval, rejection or change lands between the check and the claim.
  SELECT * INTO e FROM md.entries WHERE id = p_id FOR UPDATE;
  IF e.state = 'intent' AND e.operation = 'createWithdrawal' THEN PERFORM md.refuse_unapproved(e); END IF;
  PERFORM md.claim_entry_unchecked(p_id);
END
$fn$;

CREATE OR REPLACE FUNCTION md.begin_entry(p_operation text, p_profile text, p_environment text, p_body text,
  p_invoice_code text, p_override text) RETURNS bigint
${DESK_DEFINER}
BEGIN
  PERFORM md.refuse_unless_treasury(v_desk);
  IF p_operation = 'createWithdrawal' AND md.published_policy_version() > 0 THEN
    RAISE EXCEPTION 'This team approves withdrawals: draft it and submit it for approval; a treasury desk sends it once approved.'
      USING ERRCODE = 'M0003';
  END IF;
  RETURN md.insert_entry('sending', p_operation, p_profile, p_environment, p_body, p_invoice_code, p_override);
END
$fn$;
`;
