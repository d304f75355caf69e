import { DESK_DEFINER } from './definer';

/**
 * Part of migration 001: resolving an unknown entry (by a person or by evidence; twin of
 * storage/sqlite/rules.ts checkResolution and entry-settle.ts resolve) and naming the withdrawal of an
 * entry accepted without an id. Any operator's desk may do either: an unknown claim waits for the
 * webhook or a person, whichever desk they are at.
 */
export const RESOLVE_SQL = `
CREATE FUNCTION md.check_resolution(e md.entries, p_by text, p_performed boolean, p_reason text,
  p_evidence jsonb) RETURNS void LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  v_kind text := p_evidence ->> 'kind';
  v_proves_not boolean;
BEGIN
  IF p_by = 'person' THEN
    IF coalesce(p_reason, '') = '' THEN
      RAISE EXCEPTION 'reason: say why you decided this (for example what you checked).' USING ERRCODE = 'M0008';
    END IF;
    RETURN;
  END IF;
  IF p_by IS DISTINCT FROM 'evidence' THEN
    RAISE EXCEPTION 'by must be person or evidence' USING ERRCODE = 'M0008';
  END IF;
  IF p_evidence IS NULL OR jsonb_typeof(p_evidence) <> 'object' THEN
    RAISE EXCEPTION 'evidence: a resolution by evidence needs the evidence.' USING ERRCODE = 'M0008';
  END IF;
  -- Evidence shows that something happened; that it did not is a person's judgement, except that the
  -- same order_id accepted again proves the first attempt created nothing.
  v_proves_not := v_kind = 'order-id-accepted';
  IF p_performed = v_proves_not THEN
    RAISE EXCEPTION '%', CASE WHEN v_proves_not
      THEN 'performed: an accepted re-submission shows the first attempt was not performed.'
      ELSE 'performed: evidence can only show that the operation was performed.' END USING ERRCODE = 'M0008';
  END IF;
  IF NOT ((v_kind = 'webhook' AND e.operation IN ('createWithdrawal', 'createInvoice'))
       OR (v_kind = 'invoice-lookup' AND e.operation IN ('createInvoice', 'createProviderCardOrder'))
       OR (v_kind IN ('order-id-conflict', 'order-id-accepted') AND e.operation = 'createInvoice')) THEN
    RAISE EXCEPTION 'evidence: % cannot resolve a %.', v_kind, e.operation USING ERRCODE = 'M0008';
  END IF;
  IF v_kind IN ('order-id-conflict', 'order-id-accepted') AND (p_evidence ->> 'orderId') IS DISTINCT FROM e.order_id THEN
    RAISE EXCEPTION 'evidence: the re-submission was for a different order_id.' USING ERRCODE = 'M0008';
  END IF;
END
$fn$;

CREATE FUNCTION md.resolve_entry(p_id bigint, p_by text, p_performed boolean, p_reason text, p_person text,
  p_evidence jsonb, p_ids jsonb) RETURNS void
${DESK_DEFINER}
  e md.entries := md.entry_for_update(p_id);
  v_to text;
  v_at text := md.now_text();
  v_reason text;
  v_person text := CASE WHEN p_by = 'person' THEN nullif(p_person, '') END;
BEGIN
  IF e.state <> 'unknown' THEN PERFORM md.illegal(p_id, e.state, 'resolved (only unknown entries are)'); END IF;
  PERFORM md.check_resolution(e, p_by, p_performed, p_reason, p_evidence);
  v_to := CASE WHEN p_performed THEN 'resolved-performed' ELSE 'resolved-not-performed' END;
  v_reason := CASE WHEN coalesce(p_reason, '') <> '' THEN p_reason ELSE 'evidence: ' || coalesce(p_evidence ->> 'kind', '') END;
  PERFORM md.set_ids(p_id, p_ids);
  UPDATE md.entries SET state = v_to,
      resolution_json = jsonb_strip_nulls(jsonb_build_object('by', p_by, 'person', v_person))
        || jsonb_build_object('performed', p_performed, 'reason', v_reason,
             'evidence', coalesce(p_evidence, 'null'::jsonb), 'at', v_at),
      settlement = coalesce(settlement, CASE WHEN p_performed AND operation = 'createWithdrawal' THEN 'pending' END),
      updated_at = v_at, change_seq = nextval('md.change_seq')
    WHERE id = p_id;
  PERFORM md.entry_changed(p_id, 'resolve', jsonb_strip_nulls(jsonb_build_object('from', 'unknown', 'to', v_to,
    'by', p_by, 'person', v_person)) || jsonb_build_object('reason', v_reason));
END
$fn$;

CREATE FUNCTION md.attach_withdrawal_id(p_id bigint, p_withdrawal_id text, p_reason text) RETURNS void
${DESK_DEFINER}
  e md.entries := md.entry_for_update(p_id);
BEGIN
  IF coalesce(trim(p_withdrawal_id), '') = '' THEN
    RAISE EXCEPTION 'withdrawalId is required' USING ERRCODE = 'M0008';
  END IF;
  IF e.operation <> 'createWithdrawal' OR e.state <> 'accepted' OR e.withdrawal_id IS NOT NULL THEN
    PERFORM md.illegal(p_id, e.state, 'given a withdrawal id (only an accepted one without)');
  END IF;
  PERFORM md.set_ids(p_id, jsonb_build_object('withdrawalId', p_withdrawal_id));
  UPDATE md.entries SET updated_at = md.now_text(), change_seq = nextval('md.change_seq') WHERE id = p_id;
  PERFORM md.entry_changed(p_id, 'match', jsonb_build_object('withdrawalId', p_withdrawal_id, 'reason', p_reason));
END
$fn$;
`;
