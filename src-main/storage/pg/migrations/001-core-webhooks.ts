import { DESK_DEFINER } from './definer';

/**
 * Part of migration 001: verified webhooks applied to the entry they name, by whichever desk received
 * them (twin of storage/sqlite/webhook-events.ts: duplicates are no-ops, a final status is never
 * overwritten, an ignored delivery is still recorded). Verification is the desk's job before calling.
 * Each returns the port's ApplyResult as JSON.
 */
export const WEBHOOKS_SQL = `
-- Moves the entry's settlement or invoice status when changed, records the delivery in the chain
-- either way (an ignored one is evidence too) and marks its key applied.
CREATE FUNCTION md.record_webhook(e md.entries, p_column text, p_event text, p_key text, p_to text,
  p_changed boolean, p_ignored text, p_payload text) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_from text := CASE p_column WHEN 'settlement' THEN e.settlement ELSE e.invoice_status END;
  v_seq bigint;
BEGIN
  IF p_changed THEN
    UPDATE md.entries SET settlement = CASE WHEN p_column = 'settlement' THEN p_to ELSE settlement END,
        invoice_status = CASE WHEN p_column = 'invoice_status' THEN p_to ELSE invoice_status END,
        updated_at = md.now_text(), change_seq = nextval('md.change_seq')
      WHERE id = e.id;
  ELSE
    -- Unchanged rows still announce the delivery, so other desks show it.
    UPDATE md.entries SET change_seq = nextval('md.change_seq') WHERE id = e.id;
  END IF;
  v_seq := md.entry_changed(e.id, 'webhook', jsonb_build_object('event', p_event, 'key', p_key,
    'from', v_from, 'to', CASE WHEN p_changed THEN p_to ELSE v_from END,
    'ignored', CASE WHEN p_changed THEN NULL ELSE p_ignored END,
    'payload', coalesce(p_payload::jsonb, 'null'::jsonb)));
  INSERT INTO md.applied_webhooks (key, entry_id, event_seq) VALUES (p_key, e.id, v_seq);
  RETURN jsonb_build_object('applied', true, 'entryId', e.id, 'changed', p_changed);
END
$fn$;

CREATE FUNCTION md.apply_withdrawal_event(p_withdrawal_id text, p_event text, p_payload text, p_profile text)
RETURNS jsonb ${DESK_DEFINER}
  e md.entries%ROWTYPE;
  v_key text;
  v_to text := CASE p_event WHEN 'withdrawal.in_progress' THEN 'processing'
    WHEN 'withdrawal.success' THEN 'completed' WHEN 'withdrawal.failed' THEN 'failed' END;
BEGIN
  IF v_to IS NULL THEN RAISE EXCEPTION 'Unknown withdrawal event %.', p_event USING ERRCODE = 'M0008'; END IF;
  IF coalesce(trim(p_withdrawal_id), '') = '' THEN
    RAISE EXCEPTION 'withdrawalId is required.' USING ERRCODE = 'M0008';
  END IF;
  -- Withdrawal ids are unique per merchant account: with a profile given, only its entries match.
  SELECT * INTO e FROM md.entries WHERE withdrawal_id = p_withdrawal_id AND operation = 'createWithdrawal'
      AND (p_profile IS NULL OR profile_id = p_profile)
    ORDER BY id DESC LIMIT 1 FOR UPDATE;
  -- An unknown withdrawal has no id yet: the desk matches it and resolves it with this webhook as evidence.
  IF e.id IS NULL THEN RETURN jsonb_build_object('applied', false, 'reason', 'no-entry'); END IF;
  v_key := 'withdrawal:' || e.id || ':' || p_event;
  IF EXISTS (SELECT 1 FROM md.applied_webhooks WHERE key = v_key) THEN
    RETURN jsonb_build_object('applied', false, 'reason', 'duplicate', 'entryId', e.id);
  END IF;
  IF e.state NOT IN ('accepted', 'resolved-performed') THEN
    RETURN jsonb_build_object('applied', false, 'reason', 'contradicts-resolution', 'entryId', e.id);
  END IF;
  RETURN md.record_webhook(e, 'settlement', p_event, v_key, v_to,
    coalesce(e.settlement NOT IN ('completed', 'failed'), true) AND e.settlement IS DISTINCT FROM v_to,
    'settlement already final or unchanged', p_payload);
END
$fn$;

-- The createInvoice entry an invoice webhook belongs to: by invoice id, then code, then order_id (an
-- order id may be shared with a rejected attempt: the one that exists is preferred).
CREATE FUNCTION md.apply_invoice_event(p_profile text, p_invoice_id text, p_invoice_code text, p_order_id text,
  p_event text, p_payload text) RETURNS jsonb
${DESK_DEFINER}
  e md.entries%ROWTYPE;
  v_key text;
  v_to text := CASE p_event WHEN 'invoice.paid' THEN 'paid' WHEN 'invoice.expired' THEN 'expired'
    WHEN 'aml.rejected.invoice' THEN 'aml_rejected' END;
BEGIN
  IF v_to IS NULL THEN RAISE EXCEPTION 'Unknown invoice event %.', p_event USING ERRCODE = 'M0008'; END IF;
  IF coalesce(p_invoice_id, p_invoice_code, p_order_id, '') = '' THEN
    RAISE EXCEPTION 'An invoice id, code or order_id is required.' USING ERRCODE = 'M0008';
  END IF;
  IF coalesce(p_invoice_id, '') <> '' THEN
    SELECT * INTO e FROM md.entries WHERE operation = 'createInvoice' AND profile_id = p_profile
      AND invoice_id = p_invoice_id ORDER BY id DESC LIMIT 1 FOR UPDATE;
  END IF;
  IF e.id IS NULL AND coalesce(p_invoice_code, '') <> '' THEN
    SELECT * INTO e FROM md.entries WHERE operation = 'createInvoice' AND profile_id = p_profile
      AND invoice_code = p_invoice_code ORDER BY id DESC LIMIT 1 FOR UPDATE;
  END IF;
  IF e.id IS NULL AND coalesce(p_order_id, '') <> '' THEN
    SELECT * INTO e FROM md.entries WHERE operation = 'createInvoice' AND profile_id = p_profile
      AND order_id = p_order_id AND state <> 'intent'
      ORDER BY CASE WHEN state IN ('accepted', 'resolved-performed') THEN 0 WHEN state = 'unknown' THEN 1 ELSE 2 END, id DESC
      LIMIT 1 FOR UPDATE;
  END IF;
  IF e.id IS NULL THEN RETURN jsonb_build_object('applied', false, 'reason', 'no-entry'); END IF;
  IF e.state = 'unknown' THEN RETURN jsonb_build_object('applied', false, 'reason', 'entry-unknown', 'entryId', e.id); END IF;
  IF e.state NOT IN ('accepted', 'resolved-performed') THEN
    RETURN jsonb_build_object('applied', false, 'reason', 'contradicts-resolution', 'entryId', e.id);
  END IF;
  v_key := 'invoice:' || e.id || ':' || p_event;
  IF EXISTS (SELECT 1 FROM md.applied_webhooks WHERE key = v_key) THEN
    RETURN jsonb_build_object('applied', false, 'reason', 'duplicate', 'entryId', e.id);
  END IF;
  RETURN md.record_webhook(e, 'invoice_status', p_event, v_key, v_to,
    e.invoice_status IS NULL OR e.invoice_status NOT IN ('paid', 'expired', 'aml_rejected'),
    'invoice status already final', p_payload);
END
$fn$;
`;
