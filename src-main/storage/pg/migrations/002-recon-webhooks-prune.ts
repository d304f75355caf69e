import { DESK_DEFINER } from './definer';

/**
 * Part of migration 002: the webhook log's retention, the same for the whole team. Parked rows always
 * stay (they are still owed to the journal).
 */
export const DELIVERIES_PRUNE_SQL = `
-- The retention limits: parked rows always stay. Limits below the floors are refused, so no desk
-- can empty the team's evidence with one call.
CREATE FUNCTION md.prune_deliveries(p_max_rows int, p_max_rejected int) RETURNS int
${DESK_DEFINER}
  v_rejected int;
  v_settled int;
BEGIN
  IF p_max_rows IS NULL OR p_max_rows < 1000 OR p_max_rejected IS NULL OR p_max_rejected < 100 THEN
    RAISE EXCEPTION 'The webhook log keeps at least 1000 deliveries and 100 rejected ones.' USING ERRCODE = 'M0008';
  END IF;
  -- One pruning at a time across the team: two at once would each count the other's rows.
  PERFORM pg_advisory_xact_lock(hashtext('md.delivery-prune'));
  DELETE FROM md.webhook_deliveries WHERE status = 'rejected' AND seq <= (
    SELECT seq FROM md.webhook_deliveries WHERE status = 'rejected' ORDER BY seq DESC OFFSET p_max_rejected LIMIT 1);
  GET DIAGNOSTICS v_rejected = ROW_COUNT;
  DELETE FROM md.webhook_deliveries WHERE status <> 'parked' AND seq <= (
    SELECT seq FROM md.webhook_deliveries WHERE status <> 'parked' ORDER BY seq DESC OFFSET p_max_rows LIMIT 1);
  GET DIAGNOSTICS v_settled = ROW_COUNT;
  IF v_rejected + v_settled > 0 THEN
    PERFORM pg_notify('md_changes', nextval('md.change_seq') || ':delivery-pruned');
  END IF;
  RETURN v_rejected + v_settled;
END
$fn$;
`;
