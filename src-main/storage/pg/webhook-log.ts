import { AsyncLocalStorage } from 'node:async_hooks';
import { MismatchDetail, WebhookIds, type WebhookDelivery } from '@shared/domain/webhooks';
import { DEFAULT_RETENTION, type RetentionLimits, type WebhookLog } from '../port/webhook-log';
import { pgCall, type PgPool, type Queryable } from './recon-call';

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

/** What the server kept a delivery as: a verified copy of a fact another desk settled first is a duplicate. */
export type RecordedAs = 'applied' | 'recorded' | 'parked' | 'rejected' | 'duplicate';

/** The port's log, and what this desk's copy of a delivery became on the team's server. */
export interface PgWebhookLog extends WebhookLog {
  recordAs(...args: Parameters<WebhookLog['record']>): Promise<RecordedAs>;
}

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

/**
 * The team's log of webhook deliveries on PostgreSQL, through the pool the caller gives (its
 * connections attached to this desk). Every write is one of the ledger's functions: the server
 * decides whether a copy is the first of its fact, so a delivery applied by one desk is settled for all.
 */
export function openPgWebhookLog(pool: PgPool, retention: RetentionLimits = DEFAULT_RETENTION): PgWebhookLog {
  // A batch's client, for the work that runs inside it (and only that work: a receiver's delivery
  // arriving meanwhile commits on its own).
  const inBatch = new AsyncLocalStorage<Queryable>();
  const db = (): Queryable => inBatch.getStore() ?? pool;

  const recordAs: PgWebhookLog['recordAs'] = async (delivery, meta) => {
    const { rows } = await pgCall(
      db(),
      `SELECT md.record_delivery($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) AS status`,
      [
        delivery.id,
        meta.profileId,
        delivery.receivedAt,
        delivery.source,
        delivery.verified,
        delivery.duplicate,
        delivery.event,
        meta.dedupeKey,
        meta.status,
        meta.rawBody,
        delivery.appliedTo,
        delivery.note,
        delivery.rejection ?? null,
        delivery.ids ? JSON.stringify(delivery.ids) : null,
        delivery.mismatch ? JSON.stringify(delivery.mismatch) : null,
      ],
    );
    return (rows[0] as { status: RecordedAs }).status;
  };

  return {
    recordAs,
    record: async (delivery, meta) => void (await recordAs(delivery, meta)),
    async hasSettled(dedupeKey) {
      const { rows } = await pgCall(
        db(),
        `SELECT 1 FROM md.webhook_deliveries
          WHERE dedupe_key = $1 AND status IN ('applied', 'recorded') AND NOT duplicate`,
        [dedupeKey],
      );
      return rows.length > 0;
    },
    async batch(fn) {
      if (inBatch.getStore()) return fn();
      const client = await pool.connect();
      try {
        await pgCall(client, 'BEGIN');
        const result = await inBatch.run(client, fn);
        await pgCall(client, 'COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async parked(limit = 500) {
      const { rows } = await pgCall(
        db(),
        `SELECT id, profile_id, raw_body FROM md.webhook_deliveries
          WHERE status = 'parked' ORDER BY seq DESC LIMIT $1`,
        [limit],
      );
      return (rows as Array<{ id: string; profile_id: string; raw_body: string }>).map((r) => ({
        id: r.id,
        profileId: r.profile_id,
        rawBody: r.raw_body,
      }));
    },
    async markApplied(id, appliedTo) {
      await pgCall(db(), 'SELECT md.mark_delivery_applied($1, $2)', [id, appliedTo]);
    },
    async list(profileId, limit = 200) {
      const { rows } =
        profileId === undefined
          ? await pgCall(db(), `SELECT ${COLUMNS} FROM md.webhook_deliveries ORDER BY seq DESC LIMIT $1`, [
              limit,
            ])
          : await pgCall(
              db(),
              `SELECT ${COLUMNS} FROM md.webhook_deliveries WHERE profile_id = $1 ORDER BY seq DESC LIMIT $2`,
              [profileId, limit],
            );
      return (rows as Row[]).map(toDelivery);
    },
    async prune() {
      const { rows } = await pgCall(db(), 'SELECT md.prune_deliveries($1, $2) AS n', [
        retention.maxRows,
        retention.maxRejected,
      ]);
      return (rows[0] as { n: number }).n;
    },
    async count() {
      const { rows } = await pgCall(db(), 'SELECT count(*)::int AS n FROM md.webhook_deliveries');
      return (rows[0] as { n: number }).n;
    },
    // The pool is the caller's: it closes it with the rest of the desk's connection.
    close: async () => {},
  };
}
