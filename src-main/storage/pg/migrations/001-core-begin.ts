import { DESK_DEFINER } from './definer';

/** p_body read as JSON into v_body, or refused (M0008): every function that is handed a body. */
export const READ_BODY = `  BEGIN
    v_body := p_body::jsonb;
  EXCEPTION WHEN others THEN
    RAISE EXCEPTION 'requestBody is not JSON' USING ERRCODE = 'M0008';
  END;`;

/**
 * md.refuse_duplicate, as 001 wrote it and 006 replaced it: which withdrawals match is one rule (twin
 * of storage/sqlite/entry-begin.ts); `matchDetail` is what each match carries in the refusal's DETAIL,
 * and `joins` reaches what it names.
 */
export const refuseDuplicateSql = (
  create: string,
  matchDetail: string,
  joins: string,
) => `${create} FUNCTION md.refuse_duplicate(p_except bigint, p_environment text, f md.key_fields, p_override text)
RETURNS void LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_matches jsonb;
BEGIN
  IF p_override IS NOT NULL THEN RETURN; END IF;
  SELECT jsonb_agg(jsonb_build_object(${matchDetail}) ORDER BY e.id)
    INTO v_matches
    FROM md.entries e JOIN md.desks d ON d.id = e.desk_id${joins}
   WHERE e.operation = 'createWithdrawal' AND e.environment = p_environment
     AND lower(e.coin) = lower(f.coin) AND lower(e.network) = lower(f.network)
     AND lower(trim(e.to_address)) = lower(trim(f.to_address))
     AND e.id IS DISTINCT FROM p_except
     AND (e.state IN ('sending', 'unknown')
       OR (e.state IN ('accepted', 'resolved-performed') AND (e.settlement IS NULL OR e.settlement IN ('pending', 'processing'))))
     AND e.amount::numeric = f.amount::numeric;
  IF v_matches IS NOT NULL THEN
    RAISE EXCEPTION 'A withdrawal of the same amount of the same coin on the same network to the same address is not finished; check it first, or confirm with a reason to send another.'
      USING ERRCODE = 'M0004', DETAIL = v_matches::text;
  END IF;
END
$fn$;`;

/**
 * Part of migration 001: recording an intent. The key fields come from the body itself, read here by
 * the server (twin of storage/sqlite/fields.ts: same fields, same refusals), and a withdrawal like an
 * unfinished one is refused unless a person gave a reason (twin of storage/sqlite/entry-begin.ts).
 * test/integration/team/pg-rules.test.ts runs the same cases through both and compares.
 */
export const BEGIN_SQL = `
CREATE TYPE md.key_fields AS (
  order_id text, coin text, network text, amount text, to_address text, invoice_code text
);

CREATE FUNCTION md.body_text(p_body jsonb, p_name text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  v jsonb := p_body -> p_name;
BEGIN
  IF v IS NULL OR v = 'null'::jsonb THEN RETURN NULL; END IF;
  IF jsonb_typeof(v) <> 'string' OR trim(v #>> '{}') = '' THEN
    RAISE EXCEPTION '% in the request body must be a non-empty string', p_name USING ERRCODE = 'M0008';
  END IF;
  RETURN v #>> '{}';
END
$fn$;

CREATE FUNCTION md.key_fields(p_operation text, p_body jsonb, p_invoice_code text) RETURNS md.key_fields
LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  f md.key_fields;
BEGIN
  -- The canonical body is PHP's json_encode, which writes an empty object as [] (protocol/canonical.ts).
  IF p_body = '[]'::jsonb THEN p_body := '{}'::jsonb; END IF;
  IF jsonb_typeof(p_body) IS DISTINCT FROM 'object' THEN
    RAISE EXCEPTION 'requestBody must be a JSON object' USING ERRCODE = 'M0008';
  END IF;
  f.order_id := md.body_text(p_body, 'order_id');
  f.coin := md.body_text(p_body, 'coin');
  f.network := md.body_text(p_body, 'network');
  f.amount := md.body_text(p_body, 'amount');
  f.to_address := md.body_text(p_body, 'to_address');
  f.invoice_code := nullif(p_invoice_code, '');
  -- The wire's decimal string (src-shared/money/rules.ts DECIMAL_STRING): digits, an optional fraction.
  IF f.amount IS NOT NULL AND f.amount !~ '^[0-9]+([.][0-9]+)?$' THEN
    RAISE EXCEPTION 'amount in the request body must be a decimal string such as "12.50"' USING ERRCODE = 'M0008';
  END IF;
  IF (p_operation = 'createInvoice' AND (f.order_id IS NULL OR f.amount IS NULL))
     OR (p_operation = 'createWithdrawal'
         AND (f.coin IS NULL OR f.network IS NULL OR f.amount IS NULL OR f.to_address IS NULL))
     OR (p_operation = 'createWalletAddress' AND (f.coin IS NULL OR f.network IS NULL))
     OR (p_operation = 'createProviderCardOrder' AND f.invoice_code IS NULL) THEN
    RAISE EXCEPTION '% needs %', p_operation, CASE p_operation
      WHEN 'createInvoice' THEN 'order_id and amount'
      WHEN 'createWithdrawal' THEN 'coin, network, amount and to_address'
      WHEN 'createWalletAddress' THEN 'coin and network'
      ELSE 'invoiceCode' END USING ERRCODE = 'M0008';
  END IF;
  RETURN f;
END
$fn$;

-- Refuses (M0004) a withdrawal like one still sending, unknown, or accepted and not yet settled, on
-- any desk, unless it carries an override reason. The caller holds md.withdrawal_lock, so two desks
-- submitting the same one at once are checked one after the other. Case-insensitive on purpose: a
-- false match costs a confirmation, a missed one costs money.
${refuseDuplicateSql(
  'CREATE',
  `'id', e.id, 'state', e.state, 'settlement', e.settlement,
           'createdAt', e.created_at, 'desk', d.name`,
  '',
)}

CREATE FUNCTION md.withdrawal_lock(p_environment text, f md.key_fields) RETURNS void LANGUAGE sql VOLATILE AS $fn$
  SELECT pg_advisory_xact_lock(27, hashtext(p_environment || '/' || lower(f.coin) || '/' || lower(f.network)
    || '/' || lower(trim(f.to_address))))
$fn$;

-- One row, claimed or not. The desk passes what it will send; everything matched on is read from it.
CREATE FUNCTION md.insert_entry(p_state text, p_operation text, p_profile text, p_environment text,
  p_body text, p_invoice_code text, p_override text) RETURNS bigint
${DESK_DEFINER}
  v_at text := md.now_text();
  v_body jsonb;
  f md.key_fields;
  v_id bigint;
  v_claimed boolean := p_state = 'sending';
BEGIN
${READ_BODY}
  IF p_operation IS NULL OR p_operation NOT IN ('createInvoice', 'createWithdrawal', 'createWalletAddress', 'createProviderCardOrder') THEN
    RAISE EXCEPTION 'operation % is not one the journal records', p_operation USING ERRCODE = 'M0008';
  END IF;
  IF p_environment IS NULL OR p_environment NOT IN ('sandbox', 'live') OR coalesce(trim(p_profile), '') = '' THEN
    RAISE EXCEPTION 'profileId and environment (sandbox or live) are required' USING ERRCODE = 'M0008';
  END IF;
  IF p_override IS NOT NULL AND trim(p_override) = '' THEN
    RAISE EXCEPTION 'override: say why another one is sent' USING ERRCODE = 'M0008';
  END IF;
  f := md.key_fields(p_operation, v_body, p_invoice_code);
  IF p_operation = 'createWithdrawal' AND v_claimed THEN
    PERFORM md.withdrawal_lock(p_environment, f);
    PERFORM md.refuse_duplicate(NULL, p_environment, f, p_override);
  END IF;
  INSERT INTO md.entries (operation, profile_id, environment, state, request_body, order_id, coin, network,
      amount, to_address, invoice_code, override_reason, created_at, updated_at, desk_id, created_by,
      claimed_by, claimed_at, claimed_by_person, change_seq)
    VALUES (p_operation, p_profile, p_environment, p_state, p_body, f.order_id, f.coin, f.network,
      f.amount, f.to_address, f.invoice_code, p_override, v_at, v_at, v_desk, session_user,
      CASE WHEN v_claimed THEN v_desk END, CASE WHEN v_claimed THEN v_at END,
      CASE WHEN v_claimed THEN session_user END, nextval('md.change_seq'))
    RETURNING id INTO v_id;
  PERFORM md.entry_changed(v_id, CASE WHEN v_claimed THEN 'begin' ELSE 'intent' END,
    jsonb_build_object('operation', p_operation,
      'override', CASE WHEN p_override IS NULL THEN NULL ELSE jsonb_build_object('reason', p_override) END));
  RETURN v_id;
END
$fn$;

-- Creates AND claims in one commit: the row is this desk's to send once this returns.
CREATE FUNCTION md.begin_entry(p_operation text, p_profile text, p_environment text, p_body text,
  p_invoice_code text, p_override text) RETURNS bigint
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
  SELECT md.insert_entry('sending', p_operation, p_profile, p_environment, p_body, p_invoice_code, p_override)
$fn$;

-- Records what someone means to send without sending it (drafts; approvals in the next issue).
CREATE FUNCTION md.create_intent(p_operation text, p_profile text, p_environment text, p_body text,
  p_invoice_code text, p_override text) RETURNS bigint
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
  SELECT md.insert_entry('intent', p_operation, p_profile, p_environment, p_body, p_invoice_code, p_override)
$fn$;
`;
