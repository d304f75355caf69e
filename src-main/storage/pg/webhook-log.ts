import { AsyncLocalStorage } from 'node:async_hooks';
import { MismatchDetail, WebhookIds, type WebhookDelivery } from '@shared/domain/webhooks';
import {
  DEFAULT_RETENTION,
  type DeliveryMeta,
  type RetentionLimits,
  type WebhookLog,
} from '../port/webhook-log';
import { pgCall, withWritesRefused, type Queryable, type ReconOptions } from './recon-call';

type Row = {
  id: string;
  profile_id: string;
  received_at: string;
  source: WebhookDelivery['source'];
  verified: boolean;
  duplicate: boolean;
  event: string | null;
  applied_to: string | null;
  note: string | null;
  rejection: WebhookDelivery['rejection'] | null;
  ids: unknown;
  mismatch: unknown;
};

const COLUMNS =
  'id, profile_id, received_at, source, verified, duplicate, event, applied_to, note, rejection, ids, mismatch';

function toDelivery(row: Row): WebhookDelivery {
  const ids = WebhookIds.safeParse(row.ids);
  const mismatch = MismatchDetail.safeParse(row.mismatch);
  return {
    id: row.id,
    profileId: row.profile_id,
    receivedAt: row.received_at,
    source: row.source,
    verified: row.verified,
    duplicate: row.duplicate,
    event: row.event,
    appliedTo: row.applied_to,
    note: row.note,
    rejection: row.rejection ?? (row.duplicate ? 'duplicate' : null),
    ...(row.ids !== null && ids.success ? { ids: ids.data } : {}),
    ...(row.mismatch !== null && mismatch.success ? { mismatch: mismatch.data } : {}),
  };
}

/** A delivery as md.record_deliveries takes it: record_delivery's arguments by name. */
function toArguments(delivery: WebhookDelivery, meta: DeliveryMeta) {
  return {
    id: delivery.id,
    profile: meta.profileId,
    received_at: delivery.receivedAt,
    source: delivery.source,
    verified: delivery.verified,
    duplicate: delivery.duplicate,
    event: delivery.event,
    dedupe_key: meta.dedupeKey,
    status: meta.status,
    raw_body: meta.rawBody,
    applied_to: delivery.appliedTo,
    note: delivery.note,
    rejection: delivery.rejection ?? null,
    ids: delivery.ids ?? null,
    mismatch: delivery.mismatch ?? null,
  };
}
type Arguments = ReturnType<typeof toArguments>;

const settles = (a: Arguments) => (a.status === 'applied' || a.status === 'recorded') && !a.duplicate;

/**
 * The team's log of webhook deliveries on PostgreSQL, over the desk's connection. Every write is one
 * of the ledger's functions, and the server decides whether a copy is the first of its fact: a
 * delivery applied by one desk is settled for all, and a copy from any other desk is kept as a
 * duplicate that names who settled it.
 */
export function openPgWebhookLog(
  db: Queryable,
  retention: RetentionLimits = DEFAULT_RETENTION,
  options: ReconOptions = {},
): WebhookLog {
  // A batch's rows wait here and are written in one statement when it ends (all or nothing). Only
  // the work inside the batch sees them: a receiver's delivery arriving meanwhile is written at once.
  // Work the batch started but did not wait for finds it closed, and writes on its own.
  const batchRows = new AsyncLocalStorage<{ rows: Arguments[]; open: boolean }>();
  const openBatch = () => {
    const batch = batchRows.getStore();
    return batch?.open ? batch.rows : undefined;
  };
  const write = (rows: Arguments[]) =>
    pgCall(db, 'SELECT md.record_deliveries($1::jsonb)', [JSON.stringify(rows)]);

  const log: WebhookLog = {
    async record(delivery, meta) {
      const rows = toArguments(delivery, meta);
      const pending = openBatch();
      if (pending) pending.push(rows);
      else await write([rows]);
    },
    async hasSettled(dedupeKey) {
      if (openBatch()?.some((a) => a.dedupe_key === dedupeKey && settles(a))) return true;
      const rows = await pgCall(
        db,
        `SELECT 1 FROM md.webhook_deliveries
          WHERE dedupe_key = $1 AND status IN ('applied', 'recorded') AND NOT duplicate`,
        [dedupeKey],
      );
      return rows.length > 0;
    },
    async batch(fn) {
      if (openBatch()) return fn();
      const batch = { rows: [] as Arguments[], open: true };
      try {
        const result = await batchRows.run(batch, fn);
        batch.open = false;
        if (batch.rows.length > 0) await write(batch.rows);
        return result;
      } finally {
        batch.open = false;
      }
    },
    async parked(limit = 500) {
      const rows = await pgCall<{ id: string; profile_id: string; raw_body: string }>(
        db,
        `SELECT id, profile_id, raw_body FROM md.webhook_deliveries
          WHERE status = 'parked' ORDER BY seq DESC LIMIT $1`,
        [limit],
      );
      return rows.map((r) => ({ id: r.id, profileId: r.profile_id, rawBody: r.raw_body }));
    },
    async markApplied(id, appliedTo) {
      await pgCall(db, 'SELECT md.mark_delivery_applied($1, $2)', [id, appliedTo]);
    },
    async list(profileId, limit = 200) {
      const rows =
        profileId === undefined
          ? await pgCall<Row>(db, `SELECT ${COLUMNS} FROM md.webhook_deliveries ORDER BY seq DESC LIMIT $1`, [
              limit,
            ])
          : await pgCall<Row>(
              db,
              `SELECT ${COLUMNS} FROM md.webhook_deliveries WHERE profile_id = $1 ORDER BY seq DESC LIMIT $2`,
              [profileId, limit],
            );
      return rows.map(toDelivery);
    },
    async prune() {
      const [row] = await pgCall<{ n: number }>(db, 'SELECT md.prune_deliveries($1, $2) AS n', [
        retention.maxRows,
        retention.maxRejected,
      ]);
      return row?.n ?? 0;
    },
    async count() {
      const [row] = await pgCall<{ n: number }>(db, 'SELECT count(*)::int AS n FROM md.webhook_deliveries');
      return row?.n ?? 0;
    },
    // The connection is the desk's: it is closed with the rest of the desk's storage.
    close: async () => {},
  };
  // A desk older than the team's schema shows the log and records nothing (see migrate.ts).
  return withWritesRefused(log, ['record', 'markApplied', 'prune'], options.readOnly);
}
