import { DEFINER, DESK_DEFINER } from './definer';

/**
 * Part of migration 004: the approval policy. A policy is an ordered list of rules (jsonb, the shape
 * of src-main/storage/port/approvals.ts PolicyRule); it is saved as a draft and published by an admin
 * into the chain, which gives it the next version. The first rule whose every condition matches
 * decides; when none matches the withdrawal is blocked (nothing leaves without a rule saying so).
 */
export const POLICY_SQL = `
CREATE TABLE md.policies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rules jsonb NOT NULL,
  note text,
  drafted_by text NOT NULL DEFAULT session_user,
  drafted_at text NOT NULL,
  version int UNIQUE,
  published_by text,
  published_at text,
  event_seq bigint,
  CHECK ((version IS NULL) = (published_by IS NULL))
);

CREATE FUNCTION md.bad_rule(p_index int, p_words text) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'Rule %: %', p_index, p_words USING ERRCODE = 'M0008';
END
$fn$;

CREATE FUNCTION md.is_decimal(p jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $fn$
  SELECT p IS NULL OR (jsonb_typeof(p) = 'string' AND (p #>> '{}') ~ '^[0-9]+([.][0-9]+)?$')
$fn$;

-- The server's own check of a policy's shape (the desk checks the same with zod first).
CREATE FUNCTION md.check_policy_rules(p_rules jsonb) RETURNS void LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  r jsonb;
  m jsonb;
  i int := 0;
BEGIN
  IF jsonb_typeof(p_rules) IS DISTINCT FROM 'array' OR jsonb_array_length(p_rules) NOT BETWEEN 1 AND 100 THEN
    RAISE EXCEPTION 'A policy is a list of 1 to 100 rules.' USING ERRCODE = 'M0008';
  END IF;
  FOR r IN SELECT value FROM jsonb_array_elements(p_rules) LOOP
    i := i + 1;
    m := coalesce(r -> 'match', '{}'::jsonb);
    IF jsonb_typeof(r) <> 'object' OR jsonb_typeof(m) <> 'object' THEN PERFORM md.bad_rule(i, 'not an object'); END IF;
    IF (r ->> 'action') IS NULL OR (r ->> 'action') NOT IN ('allow', 'block', 'require') THEN
      PERFORM md.bad_rule(i, 'action is allow, block or require');
    END IF;
    IF (r ->> 'action') = 'require' AND (jsonb_typeof(r -> 'approvals') IS DISTINCT FROM 'number'
        OR (r ->> 'approvals') NOT IN ('1', '2', '3')) THEN
      PERFORM md.bad_rule(i, 'require needs 1 to 3 approvals');
    END IF;
    IF r ? 'groups' AND jsonb_typeof(r -> 'groups') <> 'array' THEN PERFORM md.bad_rule(i, 'groups is a list'); END IF;
    IF NOT (md.is_decimal(m -> 'minAmount') AND md.is_decimal(m -> 'maxAmount') AND md.is_decimal(m -> 'minUsd')
        AND md.is_decimal(m -> 'maxUsd') AND md.is_decimal(m -> 'balanceShareOver')
        AND md.is_decimal(m #> '{velocity,maxAmount}')) THEN
      PERFORM md.bad_rule(i, 'amounts, USD and shares are decimal strings such as "12.50"');
    END IF;
    IF (m ->> 'destination') IS NOT NULL AND (m ->> 'destination') NOT IN ('book', 'new') THEN
      PERFORM md.bad_rule(i, 'destination is book or new');
    END IF;
    IF m ? 'velocity' AND ((m #>> '{velocity,windowMinutes}') IS NULL
        OR (m #>> '{velocity,windowMinutes}') !~ '^[1-9][0-9]{0,5}$'
        OR ((m #>> '{velocity,maxCount}') IS NULL AND (m #>> '{velocity,maxAmount}') IS NULL)
        OR coalesce(m #>> '{velocity,maxCount}', '0') !~ '^[0-9]{1,6}$') THEN
      PERFORM md.bad_rule(i, 'velocity needs windowMinutes and maxCount or maxAmount');
    END IF;
  END LOOP;
END
$fn$;

CREATE FUNCTION md.published_policy_version() RETURNS int LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(max(version), 0) FROM md.policies
$fn$;

CREATE FUNCTION md.save_policy_draft(p_rules jsonb, p_note text) RETURNS bigint
${DEFINER}
DECLARE
  v_id bigint;
BEGIN
  PERFORM md.check_policy_rules(p_rules);
  INSERT INTO md.policies (rules, note, drafted_at) VALUES (p_rules, nullif(trim(p_note), ''), md.now_text())
    RETURNING id INTO v_id;
  RETURN v_id;
END
$fn$;

-- Publishing takes the next version and is recorded in the chain with the rules it publishes.
CREATE FUNCTION md.publish_policy(p_id bigint) RETURNS int
${DESK_DEFINER}
  p md.policies%ROWTYPE;
  v_version int;
  v_seq bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(29, 0);
  SELECT * INTO p FROM md.policies WHERE id = p_id FOR UPDATE;
  IF p.id IS NULL THEN RAISE EXCEPTION 'There is no policy draft #%.', p_id USING ERRCODE = 'M0009'; END IF;
  IF p.version IS NOT NULL THEN
    RAISE EXCEPTION 'Policy draft #% was already published as version %.', p_id, p.version USING ERRCODE = 'M0007';
  END IF;
  v_version := md.published_policy_version() + 1;
  v_seq := md.append_event(NULL, 'approvals.policy-publish',
    jsonb_build_object('policyId', p.id, 'version', v_version, 'rules', p.rules, 'draftedBy', p.drafted_by)::text);
  UPDATE md.policies SET version = v_version, published_by = session_user, published_at = md.now_text(),
      event_seq = v_seq
    WHERE id = p_id;
  PERFORM pg_notify('md_changes', nextval('md.change_seq') || ':policy');
  RETURN v_version;
END
$fn$;
`;
