import type { InvoiceStanding } from '@shared/domain/journal';

const CREATED = "state IN ('accepted', 'resolved-performed')";

/**
 * Each invoice standing as a condition on an entry's columns, in SQL both implementations read the
 * same way (the columns are the port's): the entry's own outcome first, then the final status a webhook
 * recorded (the webhook rules write only paid, expired and aml_rejected).
 */
export const INVOICE_STANDING_SQL: Readonly<Record<InvoiceStanding, string>> = {
  open: `${CREATED} AND (invoice_status IS NULL OR invoice_status NOT IN ('paid', 'expired', 'aml_rejected'))`,
  paid: `${CREATED} AND invoice_status = 'paid'`,
  expired: `${CREATED} AND invoice_status = 'expired'`,
  'aml-rejected': `${CREATED} AND invoice_status = 'aml_rejected'`,
  unknown: "state IN ('unknown', 'sending')",
  'not-created': "state IN ('rejected', 'resolved-not-performed')",
};

/**
 * A 409 refusal of an order that has an entry of its own in the same profile, created or maybe created
 * (unknown): the refusal adds no invoice. `table` is the entries table as the query names it;
 * `refused409` says, in the implementation's own JSON dialect, that the stored error was an HTTP 409.
 */
export const orderRepeatSql = (
  table: string,
  refused409: string,
) => `(state = 'rejected' AND order_id IS NOT NULL
  AND ${refused409}
  AND EXISTS (SELECT 1 FROM ${table} AS other WHERE other.order_id = ${table}.order_id
    AND other.profile_id = ${table}.profile_id AND other.operation = ${table}.operation
    AND other.id <> ${table}.id AND other.state IN ('accepted', 'resolved-performed', 'unknown')))`;
