import type { ReconFactsStore } from '../port/recon-store';
import type { BalanceSnapshot, Movement, Pair } from '../port/recon-types';
import { pgCall, type Queryable } from './recon-call';

/** A movement as md.recon_movements holds it: bigint ids arrive as text. */
type MovementRow = Omit<Movement, 'entryId'> & { id: string; entry_id: string | null };

/** Per pair, the snapshot at or before each bound and the one after it: all nearestSnapshot() chooses from. */
const AROUND = `
  SELECT DISTINCT ON (s.id) s.coin, s.network, s.total, s.available, s.frozen, s.at
    FROM (SELECT DISTINCT coin, network FROM md.balance_snapshots WHERE profile_id = $1) p
   CROSS JOIN (VALUES ($2::text COLLATE "C"), ($3::text COLLATE "C")) b (bound)
   CROSS JOIN LATERAL (
     (SELECT * FROM md.balance_snapshots x
       WHERE x.profile_id = $1 AND x.coin = p.coin AND x.network = p.network AND x.at <= b.bound
       ORDER BY x.at DESC LIMIT 1)
     UNION ALL
     (SELECT * FROM md.balance_snapshots x
       WHERE x.profile_id = $1 AND x.coin = p.coin AND x.network = p.network AND x.at > b.bound
       ORDER BY x.at LIMIT 1)) s
   ORDER BY s.id`;

/**
 * The team's reconciliation facts on PostgreSQL: whichever desk read the balances or heard the
 * webhook, every desk reconciles with the same facts. Reads are plain queries (a viewer may read);
 * writes are the ledger's functions.
 */
export function openPgReconFacts(db: Queryable): ReconFactsStore {
  return {
    async recordSnapshots(profileId, rows, at, force = false) {
      const list = rows.map(({ coin, network, total, available, frozen }) => ({
        coin,
        network,
        total,
        available,
        frozen,
      }));
      const [out] = await pgCall<{ n: number }>(
        db,
        'SELECT md.record_balance_snapshots($1, $2, $3, $4) AS n',
        [profileId, JSON.stringify(list), at, force],
      );
      return out?.n ?? 0;
    },
    async snapshotsAround(profileId, period) {
      return pgCall<BalanceSnapshot>(db, AROUND, [profileId, period.from, period.to]);
    },
    async recordMovement(profileId, m: Movement) {
      await pgCall(db, 'SELECT md.record_movement($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)', [
        profileId,
        m.key,
        m.kind,
        m.coin,
        m.network,
        m.amount,
        m.effect,
        m.at,
        m.entryId,
        m.outside,
        m.source,
      ]);
    },
    async markMatched(profileId, key, entryId) {
      await pgCall(db, 'SELECT md.match_movement($1, $2, $3)', [profileId, key, entryId]);
    },
    async pairsBetween(profileId, from, to) {
      return pgCall<Pair>(
        db,
        `SELECT DISTINCT coin, network FROM md.recon_movements
          WHERE profile_id = $1 AND at >= $2 AND at <= $3 ORDER BY coin, network`,
        [profileId, from, to],
      );
    },
    async movementFacts(profileId, pair, from, to) {
      // What the figures need of each; a key only where a person may acknowledge the movement.
      const rows = await pgCall<{ id: string; outside: boolean; key: string | null; effect: string }>(
        db,
        `SELECT id, outside, CASE WHEN outside THEN key END AS key, effect FROM md.recon_movements
          WHERE profile_id = $1 AND coin = $2 AND network = $3 AND at > $4 AND at <= $5
          ORDER BY at, key`,
        [profileId, pair.coin, pair.network, from, to],
      );
      return rows.map((r) => ({ id: Number(r.id), outside: r.outside, key: r.key, effect: r.effect }));
    },
    async hasMovementBetween(profileId, key, from, to) {
      const rows = await pgCall(
        db,
        'SELECT 1 FROM md.recon_movements WHERE profile_id = $1 AND key = $2 AND at >= $3 AND at <= $4 LIMIT 1',
        [profileId, key, from, to],
      );
      return rows.length > 0;
    },
    async movementsById(ids) {
      const rows = await pgCall<MovementRow>(
        db,
        `SELECT id, key, kind, coin, network, amount, effect, at, entry_id, outside, source
           FROM md.recon_movements WHERE id = ANY($1::bigint[])`,
        [ids.map(String)],
      );
      return new Map(
        rows.map(({ id, entry_id, ...m }) => [
          Number(id),
          { ...m, entryId: entry_id === null ? null : Number(entry_id) },
        ]),
      );
    },
  };
}
