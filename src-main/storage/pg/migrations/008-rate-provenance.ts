import { DEFINER } from './definer';
import type { Migration } from './migration';

/**
 * Rate provenance (issue 29): how a movement was valued in USD, as a `rate` event of the entry's
 * chain (the same event shape as the ledger's other entry events: detail and the row as it is). The
 * row is not changed, so nothing is announced on the change feed. Numbered 008 by the session's plan
 * (004-007 belong to other work); versions may have gaps, migrate.ts runs them in order.
 */
const SQL = `
CREATE FUNCTION md.record_rate(p_id bigint, p_detail jsonb) RETURNS void
${DEFINER}
DECLARE
  e md.entries%ROWTYPE;
BEGIN
  e := md.entry_for_update(p_id);
  PERFORM md.append_event(p_id, 'rate',
    jsonb_build_object('detail', p_detail, 'entry', md.entry_snapshot(e))::text);
END
$fn$;
REVOKE ALL ON FUNCTION md.record_rate(bigint, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION md.record_rate(bigint, jsonb) TO md_operator;
`;

export const rateProvenance: Migration = { version: 8, name: 'rate-provenance', sql: SQL };
