import { csvCell } from '../port/csv-cell';
import type { DeskConnection } from './desk-connection';

const PIECE = 5000;

export const AUDIT_CSV_COLUMNS = [
  'seq',
  'at',
  'type',
  'entry',
  'desk',
  'desk_id',
  'person',
  'detail',
  'prev_hash',
  'hash',
] as const;

interface TrailRow {
  seq: string;
  at: string;
  type: string;
  entry_id: string | null;
  desk: string;
  desk_id: string;
  person: string;
  detail: string;
  prev_hash: string;
  hash: string;
}

const line = (cells: (string | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The auditor's export: every event of the team's chain (what, when, which desk, which login, the
 * detail as recorded) with both hashes, so the file itself can be re-hashed (chain-hash.ts), and a
 * last row `chain-head` with the head's seq and hash. Read in one snapshot through md.audit_trail, a
 * SECURITY DEFINER read an auditor or admin may run; nothing is written.
 */
export async function exportAuditCsv(db: DeskConnection): Promise<string> {
  return db.snapshot(async (client) => {
    const parts = [line([...AUDIT_CSV_COLUMNS])];
    for (let after = '0'; ;) {
      const { rows } = await client.query<TrailRow>(
        `SELECT seq::text AS seq, at, type, entry_id::text AS entry_id, desk, desk_id::text AS desk_id, person,
                detail, prev_hash, hash
           FROM md.audit_trail($1::bigint, ${PIECE})`,
        [after],
      );
      for (const r of rows)
        parts.push(
          line([r.seq, r.at, r.type, r.entry_id, r.desk, r.desk_id, r.person, r.detail, r.prev_hash, r.hash]),
        );
      if (rows.length < PIECE) break;
      after = rows[rows.length - 1]!.seq;
    }
    const { rows } = await client.query<{ seq: string; hash: string }>(
      'SELECT seq::text AS seq, hash FROM md.audit_head()',
    );
    const head = rows[0]!;
    parts.push(line([head.seq, null, 'chain-head', null, null, null, null, null, null, head.hash]));
    return parts.join('');
  });
}
