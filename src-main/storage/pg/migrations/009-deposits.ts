import { DEFINER } from './definer';
import type { Migration } from './migration';

/**
 * Wallet deposits valued (issue 29): a deposit belongs to no entry, so it is kept as a `deposit`
 * event of no entry, the movement and its rate record together, once per profile and fact key. The
 * chain head is locked before the check, so two desks recording the same deposit write it once.
 * The index serves that check and the export's read of a profile's deposits.
 */
const SQL = `
CREATE INDEX events_deposit ON md.events
  (((detail::jsonb) -> 'detail' ->> 'profileId'), ((detail::jsonb) -> 'detail' ->> 'key'), seq)
  WHERE entry_id IS NULL AND type = 'deposit';

CREATE FUNCTION md.record_deposit(p_detail jsonb) RETURNS boolean
${DEFINER}
BEGIN
  IF jsonb_typeof(p_detail -> 'profileId') IS DISTINCT FROM 'string'
     OR jsonb_typeof(p_detail -> 'key') IS DISTINCT FROM 'string' THEN
    RAISE EXCEPTION 'A deposit record names its profile and its key.' USING ERRCODE = 'M0008';
  END IF;
  PERFORM 1 FROM md.chain_head FOR UPDATE;
  IF EXISTS (SELECT 1 FROM md.events WHERE entry_id IS NULL AND type = 'deposit'
      AND (detail::jsonb) -> 'detail' ->> 'profileId' = p_detail ->> 'profileId'
      AND (detail::jsonb) -> 'detail' ->> 'key' = p_detail ->> 'key') THEN
    RETURN false;
  END IF;
  PERFORM md.append_event(NULL, 'deposit', jsonb_build_object('detail', p_detail)::text);
  RETURN true;
END
$fn$;
REVOKE ALL ON FUNCTION md.record_deposit(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION md.record_deposit(jsonb) TO md_operator;
`;

export const deposits: Migration = { version: 9, name: 'deposits', sql: SQL };
