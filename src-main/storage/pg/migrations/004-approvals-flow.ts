import { DEFINER, DESK_DEFINER } from './definer';
import { READ_BODY } from './001-core-begin';

/**
 * Part of migration 004: a withdrawal intent's way to approval. drafted → submitted (the published
 * policy decides: allow = approved at once, block = rejected, require = waits for N approvals) →
 * approved or rejected; a treasury desk then claims it (004-approvals-claim.ts). Every approval names
 * the revision it saw; changing the withdrawal makes a new revision, back to drafted, and approvals of
 * an older revision never count. Whoever prepared or changed it never counts as an approver.
 */
export const FLOW_SQL = `
CREATE TABLE md.approval_intents (
  entry_id bigint PRIMARY KEY REFERENCES md.entries (id),
  revision int NOT NULL DEFAULT 1 CHECK (revision >= 1),
  status text NOT NULL CHECK (status IN ('drafted', 'submitted', 'approved', 'rejected')),
  prepared_by text[] NOT NULL,
  policy_version int,
  decision jsonb,
  required int NOT NULL DEFAULT 0 CHECK (required BETWEEN 0 AND 3),
  groups text[] NOT NULL DEFAULT '{}',
  usd_rate text,
  submitted_by text,
  submitted_at text,
  rejected_by text,
  rejected_at text,
  reject_reason text,
  updated_at text NOT NULL
);
CREATE INDEX approval_intents_status ON md.approval_intents (status, entry_id);

-- One approval per person per revision: two approvers at once count once each, and one approver
-- twice counts once.
CREATE TABLE md.approvals (
  entry_id bigint NOT NULL REFERENCES md.approval_intents (entry_id),
  revision int NOT NULL,
  person text NOT NULL,
  desk_id uuid NOT NULL REFERENCES md.desks (id),
  at text NOT NULL,
  PRIMARY KEY (entry_id, revision, person)
);

-- The withdrawal intent and its approval row, both locked (entry first, as every entry function
-- does), the approval row made on first use for an intent recorded with md.create_intent.
CREATE FUNCTION md.lock_intent(p_id bigint, p_action text) RETURNS md.approval_intents
${DEFINER}
DECLARE
  e md.entries := md.entry_for_update(p_id);
  a md.approval_intents%ROWTYPE;
BEGIN
  IF e.operation <> 'createWithdrawal' THEN
    RAISE EXCEPTION 'Journal entry #% is not a withdrawal; only withdrawals are approved.', p_id USING ERRCODE = 'M0007';
  END IF;
  IF e.state <> 'intent' THEN PERFORM md.illegal(p_id, e.state, p_action); END IF;
  SELECT * INTO a FROM md.approval_intents WHERE entry_id = p_id FOR UPDATE;
  IF a.entry_id IS NULL THEN
    INSERT INTO md.approval_intents (entry_id, status, prepared_by, updated_at)
      VALUES (p_id, 'drafted', ARRAY[e.created_by], md.now_text()) RETURNING * INTO a;
  END IF;
  RETURN a;
END
$fn$;

CREATE FUNCTION md.refuse_stale_revision(a md.approval_intents, p_revision int, p_doing text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_revision IS DISTINCT FROM a.revision THEN
    RAISE EXCEPTION 'Withdrawal #% was changed: it is at revision %, and % revision % does not count. Review the new revision.',
        a.entry_id, a.revision, p_doing, p_revision
      USING ERRCODE = 'M0007', DETAIL = json_build_object('entryId', a.entry_id, 'revision', a.revision)::text;
  END IF;
END
$fn$;

-- Approvals of the current revision that count: never a preparer's, and only from the named groups.
CREATE FUNCTION md.counted_approvals(a md.approval_intents) RETURNS int LANGUAGE sql STABLE AS $fn$
  SELECT count(*)::int FROM md.approvals p
   WHERE p.entry_id = a.entry_id AND p.revision = a.revision AND NOT (p.person = ANY (a.prepared_by))
     AND (cardinality(a.groups) = 0 OR EXISTS (SELECT 1 FROM unnest(a.groups) g WHERE md.in_group(p.person, g)))
$fn$;

-- After a change of the approval row: the entry's change_seq moves (the feed) and its event carries
-- the approval row and every approval of the entry as they now are (../approvals-verify.ts checks the
-- tables against the newest such event).
CREATE FUNCTION md.approval_changed(p_id bigint, p_type text, p_detail jsonb) RETURNS void
${DEFINER}
BEGIN
  UPDATE md.entries SET updated_at = md.now_text(), change_seq = nextval('md.change_seq') WHERE id = p_id;
  PERFORM md.entry_changed(p_id, p_type, p_detail || jsonb_build_object('approval',
    (SELECT to_jsonb(a) FROM md.approval_intents a WHERE entry_id = p_id), 'counted',
    (SELECT md.counted_approvals(a) FROM md.approval_intents a WHERE entry_id = p_id), 'approvals',
    (SELECT coalesce(jsonb_agg(to_jsonb(v) ORDER BY v.revision, v.person), '[]'::jsonb)
       FROM md.approvals v WHERE v.entry_id = p_id)));
END
$fn$;

CREATE FUNCTION md.draft_withdrawal(p_profile text, p_environment text, p_body text, p_override text) RETURNS bigint
${DEFINER}
DECLARE
  v_id bigint := md.insert_entry('intent', 'createWithdrawal', p_profile, p_environment, p_body, NULL, p_override);
BEGIN
  INSERT INTO md.approval_intents (entry_id, status, prepared_by, updated_at)
    VALUES (v_id, 'drafted', ARRAY[session_user::text], md.now_text());
  PERFORM md.approval_changed(v_id, 'approvals.draft', '{}'::jsonb);
  RETURN v_id;
END
$fn$;

-- A new revision: the key fields are read from the new body, every approval stops counting, and the
-- person who changed it joins the preparers (who never approve it).
CREATE FUNCTION md.revise_withdrawal(p_id bigint, p_revision int, p_body text) RETURNS int
${DESK_DEFINER}
  a md.approval_intents := md.lock_intent(p_id, 'changed (only an intent not yet sent is)');
  e md.entries;
  f md.key_fields;
  v_body jsonb;
BEGIN
  PERFORM md.refuse_stale_revision(a, p_revision, 'a change of');
${READ_BODY}
  f := md.key_fields('createWithdrawal', v_body, NULL);
  SELECT * INTO e FROM md.entries WHERE id = p_id;
  UPDATE md.entries SET request_body = p_body, order_id = f.order_id, coin = f.coin, network = f.network,
      amount = f.amount, to_address = f.to_address
    WHERE id = p_id;
  UPDATE md.approval_intents SET revision = revision + 1, status = 'drafted',
      prepared_by = CASE WHEN session_user = ANY (prepared_by) THEN prepared_by ELSE prepared_by || session_user::text END,
      policy_version = NULL, decision = NULL, required = 0, groups = '{}', usd_rate = NULL,
      submitted_by = NULL, submitted_at = NULL, rejected_by = NULL, rejected_at = NULL, reject_reason = NULL,
      updated_at = md.now_text()
    WHERE entry_id = p_id;
  PERFORM md.approval_changed(p_id, 'approvals.revise', jsonb_build_object(
    'from', jsonb_build_object('revision', a.revision, 'coin', e.coin, 'network', e.network, 'amount', e.amount,
      'toAddress', e.to_address),
    'clearedApprovals', (SELECT count(*) FROM md.approvals WHERE entry_id = p_id AND revision = a.revision)));
  RETURN a.revision + 1;
END
$fn$;

-- The published policy decides; its version is recorded, and a claim checks it is still the newest.
CREATE FUNCTION md.submit_withdrawal(p_id bigint, p_revision int, p_usd_rate text) RETURNS text
${DESK_DEFINER}
  a md.approval_intents := md.lock_intent(p_id, 'submitted (only an intent not yet sent is)');
  e md.entries;
  p md.policies%ROWTYPE;
  d jsonb;
  v_status text;
BEGIN
  PERFORM md.refuse_stale_revision(a, p_revision, 'a submission of');
  IF p_usd_rate IS NOT NULL AND p_usd_rate !~ '^[0-9]+([.][0-9]+)?$' THEN
    RAISE EXCEPTION 'The USD rate must be a decimal string such as "1.0002".' USING ERRCODE = 'M0008';
  END IF;
  SELECT * INTO p FROM md.policies WHERE version = md.published_policy_version();
  IF p.id IS NULL THEN
    RAISE EXCEPTION 'No approval policy is published yet: an admin publishes one before withdrawals are submitted.'
      USING ERRCODE = 'M0003';
  END IF;
  IF a.status = 'rejected' THEN
    RAISE EXCEPTION 'Withdrawal #% was rejected (%); change it to submit a new revision.', p_id, a.reject_reason
      USING ERRCODE = 'M0007';
  END IF;
  IF a.status = 'approved' AND a.policy_version = p.version THEN
    RAISE EXCEPTION 'Withdrawal #% is already approved under the published policy.', p_id USING ERRCODE = 'M0007';
  END IF;
  SELECT * INTO e FROM md.entries WHERE id = p_id;
  d := md.evaluate_policy(p.rules, e, a.prepared_by, p_usd_rate::numeric, clock_timestamp());
  v_status := CASE d ->> 'action' WHEN 'allow' THEN 'approved' WHEN 'block' THEN 'rejected' ELSE 'submitted' END;
  UPDATE md.approval_intents SET status = v_status, policy_version = p.version, decision = d,
      required = (d ->> 'approvals')::int,
      groups = ARRAY(SELECT jsonb_array_elements_text(d -> 'groups')),
      usd_rate = p_usd_rate, submitted_by = session_user, submitted_at = md.now_text(),
      rejected_by = CASE WHEN v_status = 'rejected' THEN 'policy' END,
      rejected_at = CASE WHEN v_status = 'rejected' THEN md.now_text() END,
      reject_reason = CASE WHEN v_status = 'rejected' THEN CASE WHEN d ->> 'rule' IS NULL
        THEN format('no rule of policy version %s matches it', p.version)
        ELSE format('blocked by rule %s ("%s") of policy version %s', d ->> 'rule', coalesce(d ->> 'name', ''), p.version) END END,
      updated_at = md.now_text()
    WHERE entry_id = p_id RETURNING * INTO a;
  -- Approvals this revision already has (submitted again under a newer policy) count if they qualify.
  IF v_status = 'submitted' AND md.counted_approvals(a) >= a.required THEN
    v_status := 'approved';
    UPDATE md.approval_intents SET status = v_status WHERE entry_id = p_id;
  END IF;
  PERFORM md.approval_changed(p_id, 'approvals.submit', jsonb_build_object('status', v_status));
  RETURN v_status;
END
$fn$;

CREATE FUNCTION md.approve(p_id bigint, p_revision int) RETURNS text
${DESK_DEFINER}
  a md.approval_intents := md.lock_intent(p_id, 'approved (only an intent not yet sent is)');
  v_count int;
  v_status text := 'submitted';
BEGIN
  IF a.status <> 'submitted' THEN
    RAISE EXCEPTION 'Withdrawal #% is % and does not wait for approval.', p_id, a.status USING ERRCODE = 'M0007';
  END IF;
  PERFORM md.refuse_stale_revision(a, p_revision, 'an approval of');
  IF session_user = ANY (a.prepared_by) THEN
    RAISE EXCEPTION 'You prepared or changed withdrawal #%; someone else must approve it.', p_id USING ERRCODE = 'M0003';
  END IF;
  IF NOT md.is_member(session_user, 'md_approver') THEN
    RAISE EXCEPTION 'Only an approver approves withdrawals.' USING ERRCODE = 'M0003';
  END IF;
  IF cardinality(a.groups) > 0 AND NOT EXISTS (SELECT 1 FROM unnest(a.groups) g WHERE md.in_group(session_user, g)) THEN
    RAISE EXCEPTION 'Approvals of withdrawal #% count only from %; you are in none of them.', p_id,
      array_to_string(a.groups, ', ') USING ERRCODE = 'M0003';
  END IF;
  BEGIN
    INSERT INTO md.approvals (entry_id, revision, person, desk_id, at)
      VALUES (p_id, a.revision, session_user, v_desk, md.now_text());
  EXCEPTION WHEN unique_violation THEN
    RAISE EXCEPTION 'You already approved revision % of withdrawal #%.', a.revision, p_id USING ERRCODE = 'M0008';
  END;
  v_count := md.counted_approvals(a);
  IF v_count >= a.required THEN
    v_status := 'approved';
    UPDATE md.approval_intents SET status = v_status, updated_at = md.now_text() WHERE entry_id = p_id;
  END IF;
  PERFORM md.approval_changed(p_id, 'approvals.approve', jsonb_build_object('revision', a.revision));
  RETURN v_status;
END
$fn$;

CREATE FUNCTION md.reject(p_id bigint, p_revision int, p_reason text) RETURNS void
${DESK_DEFINER}
  a md.approval_intents := md.lock_intent(p_id, 'rejected (only an intent not yet sent is)');
BEGIN
  IF a.status NOT IN ('submitted', 'approved') THEN
    RAISE EXCEPTION 'Withdrawal #% is %; only a submitted or approved one is rejected.', p_id, a.status
      USING ERRCODE = 'M0007';
  END IF;
  PERFORM md.refuse_stale_revision(a, p_revision, 'a rejection of');
  IF length(trim(coalesce(p_reason, ''))) NOT BETWEEN 1 AND 500 THEN
    RAISE EXCEPTION 'Say why it is rejected (1 to 500 characters).' USING ERRCODE = 'M0008';
  END IF;
  UPDATE md.approval_intents SET status = 'rejected', rejected_by = session_user, rejected_at = md.now_text(),
      reject_reason = trim(p_reason), updated_at = md.now_text()
    WHERE entry_id = p_id;
  PERFORM md.approval_changed(p_id, 'approvals.reject', jsonb_build_object('revision', a.revision));
END
$fn$;

-- At claim: once a team approves withdrawals (a policy is published, or this one was drafted for
-- approval), only an approved one under the newest published policy is sent.
CREATE FUNCTION md.refuse_unapproved(e md.entries) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = md, pg_temp AS $fn$
DECLARE
  a md.approval_intents%ROWTYPE;
  v_current int := md.published_policy_version();
BEGIN
  SELECT * INTO a FROM md.approval_intents WHERE entry_id = e.id;
  IF a.entry_id IS NULL AND v_current = 0 THEN RETURN; END IF;
  IF a.entry_id IS NULL OR a.status <> 'approved' THEN
    RAISE EXCEPTION 'Withdrawal #% is not approved (%); it cannot be sent.', e.id, coalesce(a.status, 'never submitted')
      USING ERRCODE = 'M0003';
  END IF;
  IF a.policy_version IS DISTINCT FROM v_current THEN
    RAISE EXCEPTION 'Withdrawal #% was approved under policy version %, but version % is published now; submit it again under the new policy.',
      e.id, a.policy_version, v_current USING ERRCODE = 'M0003';
  END IF;
END
$fn$;
`;
