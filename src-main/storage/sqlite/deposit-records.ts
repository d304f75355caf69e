import { appendEvent } from './chain';
import type { JournalContext } from './context';
import { invalidInput } from '../port/errors';
import {
  DEPOSIT_EVENT,
  DepositRecordSchema,
  type DepositEvent,
  type DepositRecord,
} from '../port/deposit-record';

interface EventRow {
  seq: number;
  at: string;
  content: string;
  hash: string;
}

/**
 * Wallet deposits and their valuation, kept in the chain as events of no entry (issue 29). The
 * entry index's `entry_id IS NULL` range holds only such events (sessions, deposits, the address
 * book), so finding one by its key reads no entry's history.
 */
export function depositRecords(ctx: JournalContext) {
  const { db } = ctx;
  // Prepared when first used (once): the journal is opened and migrated after its parts are made.
  const once = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const ofProfile = once(() =>
    db.prepare(
      `SELECT seq, at, content, hash FROM events
      WHERE entry_id IS NULL AND type = '${DEPOSIT_EVENT}' AND json_extract(content, '$.detail.profileId') = ? AND at < ?
      ORDER BY seq`,
    ),
  );
  const sameKey = once(() =>
    db.prepare(
      `SELECT 1 FROM events WHERE entry_id IS NULL AND type = '${DEPOSIT_EVENT}'
        AND json_extract(content, '$.detail.profileId') = ? AND json_extract(content, '$.detail.key') = ?`,
    ),
  );
  return {
    recordDeposit(record: DepositRecord): boolean {
      const parsed = DepositRecordSchema.safeParse(record);
      if (!parsed.success) throw invalidInput(parsed.error);
      const { profileId, key } = parsed.data;
      // Checked and written in one transaction: a deposit delivered twice is recorded once.
      return ctx.write(() => {
        if (sameKey().get(profileId, key) !== undefined) return false;
        appendEvent(db, null, DEPOSIT_EVENT, ctx.now(), parsed.data);
        return true;
      });
    },
    deposits(profileId: string, before: string): DepositEvent[] {
      const found: DepositEvent[] = [];
      for (const row of ofProfile().all(profileId, before) as EventRow[]) {
        const parsed = DepositRecordSchema.safeParse(
          (JSON.parse(row.content) as { detail?: unknown }).detail,
        );
        // A record that no longer reads is the chain check's to report; it is not exported as if whole.
        if (parsed.success) found.push({ seq: row.seq, at: row.at, hash: row.hash, deposit: parsed.data });
      }
      return found;
    },
  };
}
