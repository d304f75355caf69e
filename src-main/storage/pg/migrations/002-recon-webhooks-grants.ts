/**
 * Part of migration 002, run last: as in 001, nobody but the owner writes these tables; viewers read
 * them; operators run the functions that write (closing a session included); nobody else runs any.
 */
export const RECON_GRANTS_SQL = `
REVOKE ALL ON md.webhook_deliveries, md.balance_snapshots, md.recon_movements, md.recon_sessions,
  md.recon_reviews FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA md FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA md FROM PUBLIC;
GRANT SELECT ON md.webhook_deliveries, md.balance_snapshots, md.recon_movements, md.recon_sessions,
  md.recon_reviews TO md_viewer;
GRANT EXECUTE ON FUNCTION
  md.record_delivery(text, text, text, text, boolean, boolean, text, text, text, text, text, text, text, jsonb, jsonb),
  md.record_deliveries(jsonb),
  md.mark_delivery_applied(text, text),
  md.prune_deliveries(int, int),
  md.record_balance_snapshots(text, jsonb, text, boolean),
  md.record_movement(text, text, text, text, text, text, text, text, bigint, boolean, text),
  md.match_movement(text, text, bigint),
  md.start_recon_session(text, text, text, text),
  md.review_recon_item(bigint, text, text, text),
  md.close_recon_session(bigint, text, text, boolean, text)
  TO md_operator;
`;
