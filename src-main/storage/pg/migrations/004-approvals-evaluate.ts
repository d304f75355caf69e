/**
 * Part of migration 004: what a published policy decides for one withdrawal intent. Every fact it
 * matched on (the USD value at the rate the desk passed, the destination, the window's totals, the
 * balance share) is returned with the decision, so the chain records why.
 */
export const EVALUATE_SQL = `
CREATE FUNCTION md.destination_in_book(e md.entries) RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (SELECT 1 FROM md.address_book b
    WHERE b.approved_by IS NOT NULL AND b.removed_at IS NULL
      AND lower(b.coin) = lower(e.coin) AND lower(b.network) = lower(e.network)
      AND lower(trim(b.address)) = lower(trim(e.to_address)))
$fn$;

-- Other withdrawals of the same account and pair in the window ending at p_at that are on their way
-- or went out: sent ones by when they were claimed (unless refused or found not performed), intents
-- by when they were submitted while pending or approved. Each half reads an index of its own.
CREATE FUNCTION md.window_totals(e md.entries, p_minutes int, p_at timestamptz, OUT n bigint, OUT total numeric)
LANGUAGE sql STABLE AS $fn$
  WITH bounds AS (
    SELECT to_char((p_at - make_interval(mins => p_minutes)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS from_at,
           to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS to_at
  ), hits AS (
    SELECT w.amount FROM md.entries w, bounds b
     WHERE w.operation = 'createWithdrawal' AND w.state NOT IN ('intent', 'rejected', 'resolved-not-performed')
       AND lower(w.coin) = lower(e.coin) AND lower(w.network) = lower(e.network)
       AND w.claimed_at BETWEEN b.from_at AND b.to_at
       AND w.id <> e.id AND w.profile_id = e.profile_id AND w.environment = e.environment
    UNION ALL
    SELECT w.amount FROM md.approval_intents a JOIN md.entries w ON w.id = a.entry_id, bounds b
     WHERE a.status IN ('submitted', 'approved') AND a.submitted_at BETWEEN b.from_at AND b.to_at
       AND w.state = 'intent' AND lower(w.coin) = lower(e.coin) AND lower(w.network) = lower(e.network)
       AND w.id <> e.id AND w.profile_id = e.profile_id AND w.environment = e.environment
  )
  SELECT count(*), coalesce(sum(amount::numeric), 0) FROM hits
$fn$;
CREATE INDEX entries_withdrawal_window ON md.entries (lower(coin), lower(network), claimed_at)
  WHERE operation = 'createWithdrawal';
CREATE INDEX approval_intents_window ON md.approval_intents (submitted_at) WHERE status IN ('submitted', 'approved');

-- The newest balance a desk recorded for the pair (available when known), or NULL.
CREATE FUNCTION md.latest_balance(e md.entries) RETURNS numeric LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(b.available, b.total)::numeric FROM md.balance_snapshots b
   WHERE b.profile_id = e.profile_id AND lower(b.coin) = lower(e.coin) AND lower(b.network) = lower(e.network)
   ORDER BY b.at DESC, b.id DESC LIMIT 1
$fn$;

-- p_at: the moment judged (now when submitting; the withdrawal's own time in a preview).
CREATE FUNCTION md.evaluate_policy(p_rules jsonb, e md.entries, p_preparers text[], p_usd_rate numeric,
  p_at timestamptz)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $fn$
DECLARE
  r jsonb;
  m jsonb;
  i int := 0;
  v_amount numeric := e.amount::numeric;
  v_usd numeric := e.amount::numeric * p_usd_rate;
  v_book boolean := md.destination_in_book(e);
  v_balance numeric := md.latest_balance(e);
  v_n bigint;
  v_total numeric;
  v_person text;
  v_group text;
  v_facts jsonb;
  v_matched boolean := false;
BEGIN
  FOR r IN SELECT value FROM jsonb_array_elements(p_rules) LOOP
    i := i + 1;
    m := coalesce(r -> 'match', '{}'::jsonb);
    v_person := m #>> '{preparer,person}';
    v_group := m #>> '{preparer,group}';
    -- Every person who prepared this revision must match: a rule for one person is not met by a
    -- withdrawal someone else changed.
    CONTINUE WHEN v_person IS NOT NULL AND EXISTS (SELECT 1 FROM unnest(p_preparers) p WHERE p <> v_person);
    CONTINUE WHEN v_group IS NOT NULL AND EXISTS (SELECT 1 FROM unnest(p_preparers) p WHERE NOT md.in_group(p, v_group));
    CONTINUE WHEN (m ->> 'coin') IS NOT NULL AND lower(m ->> 'coin') <> lower(e.coin);
    CONTINUE WHEN (m ->> 'network') IS NOT NULL AND lower(m ->> 'network') <> lower(e.network);
    CONTINUE WHEN (m ->> 'destination') = 'book' AND NOT v_book;
    CONTINUE WHEN (m ->> 'destination') = 'new' AND v_book;
    CONTINUE WHEN (m ->> 'minAmount') IS NOT NULL AND v_amount < (m ->> 'minAmount')::numeric;
    CONTINUE WHEN (m ->> 'maxAmount') IS NOT NULL AND v_amount > (m ->> 'maxAmount')::numeric;
    IF (m ? 'minUsd' OR m ? 'maxUsd') AND v_usd IS NULL THEN
      RAISE EXCEPTION 'Rule % ("%") is in US dollars: submit the withdrawal with the USD rate of the coin now.',
        i, coalesce(r ->> 'name', '') USING ERRCODE = 'M0008';
    END IF;
    CONTINUE WHEN (m ->> 'minUsd') IS NOT NULL AND v_usd < (m ->> 'minUsd')::numeric;
    CONTINUE WHEN (m ->> 'maxUsd') IS NOT NULL AND v_usd > (m ->> 'maxUsd')::numeric;
    IF m ? 'velocity' THEN
      SELECT w.n, w.total INTO v_n, v_total FROM md.window_totals(e, (m #>> '{velocity,windowMinutes}')::int, p_at) w;
      -- The rule matches when this withdrawal would cross the limit.
      CONTINUE WHEN NOT (coalesce(v_n + 1 > (m #>> '{velocity,maxCount}')::bigint, false)
        OR coalesce(v_total + v_amount > (m #>> '{velocity,maxAmount}')::numeric, false));
    END IF;
    -- No balance known (or none left) counts as taking too much of it.
    CONTINUE WHEN (m ->> 'balanceShareOver') IS NOT NULL AND v_balance > 0
      AND v_amount / v_balance <= (m ->> 'balanceShareOver')::numeric;
    v_matched := true;
    EXIT;
  END LOOP;
  v_facts := jsonb_build_object('usd', v_usd::text, 'destination', CASE WHEN v_book THEN 'book' ELSE 'new' END,
    'balance', v_balance::text, 'windowCount', v_n, 'windowTotal', v_total::text);
  IF NOT v_matched THEN
    RETURN jsonb_build_object('rule', NULL, 'name', 'no rule matched', 'action', 'block', 'approvals', 0,
      'groups', '[]'::jsonb, 'facts', v_facts);
  END IF;
  RETURN jsonb_build_object('rule', i, 'name', r ->> 'name', 'action', r ->> 'action',
    'approvals', CASE WHEN r ->> 'action' = 'require' THEN (r ->> 'approvals')::int ELSE 0 END,
    'groups', coalesce(r -> 'groups', '[]'::jsonb), 'facts', v_facts);
END
$fn$;
-- What a policy (a draft, before it is published) would have decided for each withdrawal of the last
-- p_days days, each judged at its own time with the rate recorded with it, as the ledger stands now.
-- A rule in USD over a withdrawal that has no recorded rate gives 'unknown' rather than a guess.
CREATE FUNCTION md.preview_policy(p_rules jsonb, p_days int)
RETURNS TABLE (entry_id bigint, at text, status text, coin text, network text, amount text, to_address text,
  decision jsonb)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
#variable_conflict use_column
DECLARE
  e md.entries;
  a md.approval_intents;
BEGIN
  PERFORM md.check_policy_rules(p_rules);
  IF p_days IS NULL OR p_days NOT BETWEEN 1 AND 366 THEN
    RAISE EXCEPTION 'A preview looks back 1 to 366 days.' USING ERRCODE = 'M0008';
  END IF;
  FOR e IN SELECT * FROM md.entries w WHERE w.operation = 'createWithdrawal'
      AND w.created_at >= to_char((clock_timestamp() - make_interval(days => p_days)) AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ORDER BY w.id LIMIT 5000 LOOP
    SELECT * INTO a FROM md.approval_intents x WHERE x.entry_id = e.id;
    entry_id := e.id;
    at := coalesce(a.submitted_at, e.claimed_at, e.created_at);
    status := coalesce(a.status, e.state);
    coin := e.coin;
    network := e.network;
    amount := e.amount;
    to_address := e.to_address;
    BEGIN
      decision := md.evaluate_policy(p_rules, e, coalesce(a.prepared_by, ARRAY[e.created_by]), a.usd_rate::numeric,
        at::timestamptz);
    EXCEPTION WHEN SQLSTATE 'M0008' THEN
      decision := jsonb_build_object('action', 'unknown', 'reason', SQLERRM);
    END;
    RETURN NEXT;
  END LOOP;
END
$fn$;
`;
