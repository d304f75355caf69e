import { DESK_DEFINER } from './definer';

/**
 * Part of migration 001: claiming an intent (the one conditional update that decides which desk
 * sends), settling a claim (only its desk may), and recovery at open (this desk's claims only).
 */
export const CLAIM_SQL = `
-- ONE conditional update decides the claim: of desks racing for one intent exactly one finds it still
-- an intent; every other waits on the row, then finds it taken and is told by whom and when.
CREATE FUNCTION md.claim_entry(p_id bigint) RETURNS void
${DESK_DEFINER}
  v_at text := md.now_text();
  e md.entries%ROWTYPE;
  v_holder text;
BEGIN
  SELECT * INTO e FROM md.entries WHERE id = p_id;
  IF e.id IS NULL THEN
    RAISE EXCEPTION 'Journal entry #% does not exist.', p_id USING ERRCODE = 'M0009';
  END IF;
  IF e.operation = 'createWithdrawal' THEN
    PERFORM md.withdrawal_lock(e.environment, ROW(e.order_id, e.coin, e.network, e.amount, e.to_address, e.invoice_code)::md.key_fields);
  END IF;
  UPDATE md.entries SET state = 'sending', claimed_by = v_desk, claimed_at = v_at,
      claimed_by_person = session_user, updated_at = v_at, change_seq = nextval('md.change_seq')
    WHERE id = p_id AND state = 'intent'
    RETURNING * INTO e;
  IF NOT FOUND THEN
    SELECT * INTO e FROM md.entries WHERE id = p_id;
    SELECT name INTO v_holder FROM md.desks WHERE id = e.claimed_by;
    RAISE EXCEPTION 'Journal entry #% was already claimed by desk "%" at % (%); it is not sent again from here.',
        p_id, v_holder, e.claimed_at, e.claimed_by_person
      USING ERRCODE = 'M0005',
        DETAIL = json_build_object('desk', v_holder, 'deskId', e.claimed_by, 'at', e.claimed_at,
          'person', e.claimed_by_person, 'state', e.state)::text;
  END IF;
  IF e.operation = 'createWithdrawal' THEN
    PERFORM md.refuse_duplicate(e.id, e.environment,
      ROW(e.order_id, e.coin, e.network, e.amount, e.to_address, e.invoice_code)::md.key_fields, e.override_reason);
  END IF;
  PERFORM md.entry_changed(e.id, 'claim', '{}'::jsonb);
END
$fn$;

-- The state a 200 answer leaves a withdrawal in (twin of storage/sqlite/rules.ts initialSettlement):
-- the projected status when it is processing, pending otherwise; an enveloped answer is read too.
CREATE FUNCTION md.initial_settlement(p_response jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE WHEN jsonb_typeof(p_response) = 'object'
    AND ((p_response ->> 'status') = 'processing'
      OR (jsonb_typeof(p_response -> 'data') = 'object' AND (p_response -> 'data' ->> 'status') = 'processing'))
    THEN 'processing' ELSE 'pending' END
$fn$;

-- Ids an answer, a resolution or a webhook named. A withdrawal id already on another entry of the
-- profile is refused by the unique index (the store reports it as a conflict).
CREATE FUNCTION md.set_ids(p_id bigint, p_ids jsonb) RETURNS void LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  IF p_ids IS NULL OR p_ids = '{}'::jsonb THEN RETURN; END IF;
  IF jsonb_typeof(p_ids) <> 'object' THEN
    RAISE EXCEPTION 'externalIds must be an object' USING ERRCODE = 'M0008';
  END IF;
  UPDATE md.entries SET invoice_id = coalesce(p_ids ->> 'invoiceId', invoice_id),
      invoice_code = coalesce(p_ids ->> 'invoiceCode', invoice_code),
      withdrawal_id = coalesce(p_ids ->> 'withdrawalId', withdrawal_id),
      wallet_id = coalesce(p_ids ->> 'walletId', wallet_id),
      card_order_id = coalesce(p_ids ->> 'cardOrderId', card_order_id)
    WHERE id = p_id;
END
$fn$;

-- The answer to a claimed send, recorded by the desk that claimed it and by no other.
CREATE FUNCTION md.settle_entry(p_id bigint, p_outcome text, p_response text, p_error text, p_ids jsonb,
  p_warnings jsonb) RETURNS void
${DESK_DEFINER}
  e md.entries := md.entry_for_update(p_id);
  v_holder text;
BEGIN
  IF p_outcome IS NULL OR p_outcome NOT IN ('accepted', 'rejected', 'unknown') THEN
    RAISE EXCEPTION 'outcome must be accepted, rejected or unknown' USING ERRCODE = 'M0008';
  END IF;
  IF e.state <> 'sending' THEN PERFORM md.illegal(p_id, e.state, 'settled as ' || p_outcome); END IF;
  IF e.claimed_by <> v_desk THEN
    SELECT name INTO v_holder FROM md.desks WHERE id = e.claimed_by;
    RAISE EXCEPTION 'Journal entry #% is being sent by desk "%"; only that desk records its answer.', p_id, v_holder
      USING ERRCODE = 'M0006';
  END IF;
  PERFORM md.set_ids(p_id, p_ids);
  UPDATE md.entries SET state = p_outcome, response_json = p_response, error_json = p_error,
      settlement = CASE WHEN p_outcome = 'accepted' AND operation = 'createWithdrawal'
        THEN md.initial_settlement(p_response::jsonb) END,
      updated_at = md.now_text(), change_seq = nextval('md.change_seq')
    WHERE id = p_id;
  PERFORM md.entry_changed(p_id, 'settle', jsonb_build_object('from', 'sending', 'to', p_outcome,
    'externalIds', coalesce(p_ids, '{}'::jsonb))
    || CASE WHEN jsonb_array_length(coalesce(p_warnings, '[]'::jsonb)) > 0
         THEN jsonb_build_object('warnings', p_warnings) ELSE '{}'::jsonb END);
END
$fn$;

-- At open: this desk's sends that never got an answer are unknown now (never retried, never
-- released). Other desks' claims are theirs, whatever state their desk is in.
CREATE FUNCTION md.recover_desk() RETURNS bigint[]
${DESK_DEFINER}
  v_ids bigint[] := '{}';
  r record;
BEGIN
  -- Every row is locked before the first event takes the chain's head: locks are always taken rows
  -- first, head last, so this cannot deadlock with a settle.
  PERFORM 1 FROM md.entries WHERE claimed_by = v_desk AND state = 'sending' ORDER BY id FOR UPDATE;
  FOR r IN SELECT id FROM md.entries WHERE claimed_by = v_desk AND state = 'sending' ORDER BY id LOOP
    UPDATE md.entries SET state = 'unknown', updated_at = md.now_text(), change_seq = nextval('md.change_seq')
      WHERE id = r.id;
    PERFORM md.entry_changed(r.id, 'recovered', jsonb_build_object('from', 'sending', 'to', 'unknown',
      'reason', 'the desk stopped before the answer was recorded'));
    v_ids := v_ids || r.id;
  END LOOP;
  RETURN v_ids;
END
$fn$;

-- A claim whose desk died: any other desk may mark it unknown (never retried, never released), once
-- the claiming desk has no connection left (its presence lock is free) and the claim is older than
-- two minutes. From then on it waits, on every desk, for the webhook or a person.
CREATE FUNCTION md.mark_abandoned(p_id bigint) RETURNS void
${DESK_DEFINER}
  e md.entries := md.entry_for_update(p_id);
  v_holder text;
BEGIN
  IF e.state <> 'sending' THEN PERFORM md.illegal(p_id, e.state, 'marked unknown (only a send in flight is)'); END IF;
  SELECT name INTO v_holder FROM md.desks WHERE id = e.claimed_by;
  IF e.claimed_by = v_desk THEN
    PERFORM md.illegal(p_id, 'this desk''s own send', 'marked abandoned (it records its answer, or recovers at start)');
  END IF;
  IF e.claimed_at > to_char((clock_timestamp() - interval '2 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
     OR NOT pg_try_advisory_xact_lock(28, hashtext(e.claimed_by::text)) THEN
    RAISE EXCEPTION 'Desk "%" is still connected or claimed it less than two minutes ago: it may be waiting for the answer.', v_holder
      USING ERRCODE = 'M0006';
  END IF;
  UPDATE md.entries SET state = 'unknown', updated_at = md.now_text(), change_seq = nextval('md.change_seq')
    WHERE id = p_id;
  PERFORM md.entry_changed(p_id, 'recovered', jsonb_build_object('from', 'sending', 'to', 'unknown',
    'reason', format('desk "%s" stopped before the answer was recorded', v_holder)));
END
$fn$;
`;
