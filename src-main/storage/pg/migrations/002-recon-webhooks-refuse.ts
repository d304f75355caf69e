import { DESK_DEFINER } from './definer';

/**
 * Part of migration 002: a parked delivery that does not verify when a desk replays it (issue 26
 * item 4). The server holds no merchant key, so it cannot check a signature itself: any operator's
 * desk may record a parked row, and only a desk holding the key can tell a forged one. That desk
 * turns it into rejected evidence here, so no desk ever applies it.
 */
export const DELIVERIES_REFUSE_SQL = `
-- Only a parked row is refused: one applied or settled meanwhile stays as it is (its status is
-- returned). The body stays, for a person to see what was refused; the signature goes with the
-- parked status. The conditional UPDATE orders it against a desk applying the same row.
CREATE FUNCTION md.refuse_delivery(p_id text, p_note text) RETURNS text
${DESK_DEFINER}
  v_status text;
  v_change bigint;
BEGIN
  IF p_note IS NULL OR length(p_note) NOT BETWEEN 1 AND 1000 THEN
    RAISE EXCEPTION 'A refused delivery needs a note of at most 1000 characters saying why.' USING ERRCODE = 'M0008';
  END IF;
  v_change := nextval('md.change_seq');
  UPDATE md.webhook_deliveries
     SET status = 'rejected', verified = false, rejection = 'signature-mismatch', signature = NULL,
         note = p_note, change_seq = v_change
   WHERE id = p_id AND status = 'parked';
  IF FOUND THEN
    PERFORM pg_notify('md_changes', v_change || ':delivery');
    RETURN 'rejected';
  END IF;
  SELECT status INTO v_status FROM md.webhook_deliveries WHERE id = p_id;
  IF v_status IS NULL THEN
    RAISE EXCEPTION 'There is no webhook delivery %.', p_id USING ERRCODE = 'M0009';
  END IF;
  RETURN v_status;
END
$fn$;
`;
