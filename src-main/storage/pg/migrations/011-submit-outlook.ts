import { READ_BODY } from './001-core-begin';
import type { Migration } from './migration';

/**
 * What the published policy would decide for a withdrawal about to be submitted (issue 28): the same
 * md.evaluate_policy that md.submit_withdrawal runs, over the withdrawal as it would be drafted (the
 * key fields read from the body as md.draft_withdrawal reads them) with this login as its preparer,
 * so main's confirmation can say "needs 2 approvals" before anything is recorded. It reads and
 * writes nothing else: NULL when no policy is published. The decision recorded at submission is
 * made again then, and it is the one that counts.
 */
const SQL = `
CREATE FUNCTION md.submit_outlook(p_profile text, p_environment text, p_body text, p_usd_rate text)
RETURNS jsonb LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
DECLARE
  p md.policies%ROWTYPE;
  f md.key_fields;
  e md.entries;
  v_body jsonb;
BEGIN
  SELECT * INTO p FROM md.policies WHERE version = md.published_policy_version();
  IF p.id IS NULL THEN RETURN NULL; END IF;
  IF p_usd_rate IS NOT NULL AND p_usd_rate !~ '^[0-9]+([.][0-9]+)?$' THEN
    RAISE EXCEPTION 'The USD rate must be a decimal string such as "1.0002".' USING ERRCODE = 'M0008';
  END IF;
${READ_BODY}
  f := md.key_fields('createWithdrawal', v_body, NULL);
  -- Id 0 is no entry's: the window's totals then count every other withdrawal, as they will at submission.
  e := jsonb_populate_record(NULL::md.entries, jsonb_build_object('id', 0, 'operation', 'createWithdrawal',
    'state', 'intent', 'profile_id', p_profile, 'environment', p_environment, 'coin', f.coin,
    'network', f.network, 'amount', f.amount, 'to_address', f.to_address));
  RETURN md.evaluate_policy(p.rules, e, ARRAY[session_user::text], p_usd_rate::numeric, clock_timestamp())
    || jsonb_build_object('policyVersion', p.version);
END
$fn$;
REVOKE ALL ON FUNCTION md.submit_outlook(text, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION md.submit_outlook(text, text, text, text) TO md_operator;
`;

export const submitOutlook: Migration = { version: 11, name: 'submit-outlook', sql: SQL };
