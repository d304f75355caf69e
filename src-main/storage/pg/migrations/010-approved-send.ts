import { DESK_DEFINER } from './definer';
import type { Migration } from './migration';

/**
 * Migration 010 (issue 28 item 4): a treasury desk sends an approved withdrawal. md.claim_approved
 * claims it for the exact revision the person confirmed: the entry and its approval row are locked
 * (entry first, as every approval function does), an older revision is refused in words, and the
 * checked claim of 004 (treasury desk, approved under the newest published policy, one winner) does
 * the rest. A change of the treasury desks is announced on md_team, so every desk learns at once
 * whether it may hold the API key.
 */
const SQL = `
CREATE FUNCTION md.claim_approved(p_id bigint, p_revision int) RETURNS void
${DESK_DEFINER}
  e md.entries%ROWTYPE;
  a md.approval_intents%ROWTYPE;
BEGIN
  PERFORM md.refuse_unless_treasury(v_desk);
  SELECT * INTO e FROM md.entries WHERE id = p_id FOR UPDATE;
  IF e.id IS NULL THEN
    RAISE EXCEPTION 'Journal entry #% does not exist.', p_id USING ERRCODE = 'M0009';
  END IF;
  IF e.operation <> 'createWithdrawal' THEN
    RAISE EXCEPTION 'Journal entry #% is not a withdrawal; only approved withdrawals are sent this way.', p_id
      USING ERRCODE = 'M0007';
  END IF;
  SELECT * INTO a FROM md.approval_intents WHERE entry_id = p_id FOR UPDATE;
  IF a.entry_id IS NULL THEN
    RAISE EXCEPTION 'Withdrawal #% was never submitted for approval; it is not sent this way.', p_id
      USING ERRCODE = 'M0003';
  END IF;
  -- Once claimed, the claim's own refusal names the desk that holds it; before, the revision must be
  -- the one the person confirmed (every change of the withdrawal makes a new one).
  IF e.state = 'intent' THEN PERFORM md.refuse_stale_revision(a, p_revision, 'a send of'); END IF;
  PERFORM md.claim_entry(p_id);
END
$fn$;
REVOKE ALL ON FUNCTION md.claim_approved(bigint, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION md.claim_approved(bigint, int) TO md_operator;

CREATE TRIGGER treasury_desks_team_notice AFTER INSERT OR UPDATE OR DELETE ON md.treasury_desks
  FOR EACH STATEMENT EXECUTE FUNCTION md.notify_team_change();
`;

export const approvedSend: Migration = { version: 10, name: 'approved-send', sql: SQL };
