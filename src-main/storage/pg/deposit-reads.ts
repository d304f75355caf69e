import { DepositRecordSchema, type DepositEvent } from '../port/deposit-record';
import type { DeskConnection } from './desk-connection';

/** A profile's recorded wallet deposits (migration 009's `deposit` events), through its index. */
export function depositReads(db: DeskConnection) {
  return async function deposits(profileId: string, before: string): Promise<DepositEvent[]> {
    const rows = await db.query<{ seq: string; at: string; detail: string; hash: string }>(
      `SELECT seq, at, detail, hash FROM md.events
        WHERE entry_id IS NULL AND type = 'deposit' AND (detail::jsonb) -> 'detail' ->> 'profileId' = $1
          AND at < $2 ORDER BY seq`,
      [profileId, before],
    );
    return rows.flatMap((r) => {
      const parsed = DepositRecordSchema.safeParse((JSON.parse(r.detail) as { detail?: unknown }).detail);
      // A record that no longer reads is the chain check's to report; it is not exported as if whole.
      return parsed.success ? [{ seq: Number(r.seq), at: r.at, hash: r.hash, deposit: parsed.data }] : [];
    });
  };
}
