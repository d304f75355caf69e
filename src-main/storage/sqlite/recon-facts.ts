import type { Database } from 'better-sqlite3';
import type { BalanceSnapshot, Movement, Pair, Period } from '../port/recon-types';
import type { MovementFact, SnapshotInput } from '../port/recon-store';

export type { MovementFact, SnapshotInput } from '../port/recon-store';

/** Balances are read every few seconds; one snapshot per asset per minute is plenty to reconcile with. */
export const SNAPSHOT_GAP_MS = 60_000;

type FactRow = [id: number, outside: number, key: string | null, effect: string];

/** The facts a reconciliation reads: balance snapshots and the movements verified webhooks reported. */
export function reconFacts(db: Database) {
  const lastOf = db.prepare(
    'SELECT at FROM balance_snapshots WHERE profile_id = ? AND coin = ? AND network = ? ORDER BY at DESC LIMIT 1',
  );
  const insertSnapshot = db.prepare(
    `INSERT INTO balance_snapshots (profile_id, coin, network, total, available, frozen, at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const pairs = db.prepare('SELECT DISTINCT coin, network FROM balance_snapshots WHERE profile_id = ?');
  const before = db.prepare(
    'SELECT * FROM balance_snapshots WHERE profile_id = ? AND coin = ? AND network = ? AND at <= ? ORDER BY at DESC LIMIT 1',
  );
  const after = db.prepare(
    'SELECT * FROM balance_snapshots WHERE profile_id = ? AND coin = ? AND network = ? AND at > ? ORDER BY at LIMIT 1',
  );
  const insertMovement = db.prepare(
    `INSERT OR IGNORE INTO recon_movements (profile_id, key, kind, coin, network, amount, effect, at, entry_id, outside, source)
     VALUES (@profileId, @key, @kind, @coin, @network, @amount, @effect, @at, @entryId, @outside, @source)`,
  );
  const matched = db.prepare(
    'UPDATE recon_movements SET outside = 0, entry_id = ? WHERE profile_id = ? AND key = ?',
  );
  // From the pair index alone (migration 7): a year holds tens of thousands of movements, and the
  // figures need only these of each; a key only where a person may acknowledge the movement.
  const factsOfPair = db
    .prepare(
      `SELECT rowid, outside, CASE WHEN outside = 1 THEN key END, effect FROM recon_movements
       WHERE profile_id = ? AND coin = ? AND network = ? AND at > ? AND at <= ? ORDER BY at, key`,
    )
    .raw();
  // The pairs one at a time, each a seek past the last: no read of every movement to find a handful.
  const nextPair = db.prepare(
    `SELECT coin, network FROM recon_movements
     WHERE profile_id = ? AND (coin, network) > (?, ?) AND at >= ? AND at <= ? ORDER BY coin, network LIMIT 1`,
  );
  const keyBetween = db.prepare(
    'SELECT 1 FROM recon_movements WHERE profile_id = ? AND key = ? AND at >= ? AND at <= ?',
  );
  const byRowid = db.prepare(
    `SELECT rowid AS id, key, kind, coin, network, amount, effect, at, entry_id AS entryId, outside, source
       FROM recon_movements WHERE rowid IN (SELECT value FROM json_each(?))`,
  );

  return {
    /** Records the rows not snapshotted in the last minute (all of them when `force`); returns how many. */
    recordSnapshots(profileId: string, rows: readonly SnapshotInput[], at: string, force = false): number {
      return db.transaction(() => {
        let taken = 0;
        for (const r of rows) {
          const last = lastOf.get(profileId, r.coin, r.network) as { at: string } | undefined;
          if (!force && last && Date.parse(at) - Date.parse(last.at) < SNAPSHOT_GAP_MS) continue;
          insertSnapshot.run(profileId, r.coin, r.network, r.total, r.available, r.frozen, at);
          taken++;
        }
        return taken;
      })();
    },
    /** Per pair, the snapshots on either side of each bound: all that nearestSnapshot() can choose from. */
    snapshotsAround(profileId: string, period: Period): BalanceSnapshot[] {
      const found = new Map<string, BalanceSnapshot>();
      for (const { coin, network } of pairs.all(profileId) as { coin: string; network: string }[]) {
        for (const bound of [period.from, period.to])
          for (const stmt of [before, after]) {
            const row = stmt.get(profileId, coin, network, bound) as
              (BalanceSnapshot & { id: number }) | undefined;
            if (row)
              found.set(String(row.id), {
                coin,
                network,
                total: row.total,
                available: row.available,
                frozen: row.frozen,
                at: row.at,
              });
          }
      }
      return [...found.values()];
    },
    /** Once per fact: a duplicate delivery records nothing new. */
    recordMovement(profileId: string, m: Movement): void {
      insertMovement.run({ profileId, ...m, outside: m.outside ? 1 : 0 });
    },
    /** The desk's own entry turned up for a fact recorded as outside activity (a parked webhook applied). */
    markMatched(profileId: string, key: string, entryId: number): void {
      matched.run(entryId, profileId, key);
    },
    /** The pairs with a movement in [from, to]. */
    pairsBetween(profileId: string, from: string, to: string): Pair[] {
      const pairs: Pair[] = [];
      let last: Pair = { coin: '', network: '' };
      let next: Pair | undefined;
      while ((next = nextPair.get(profileId, last.coin, last.network, from, to) as Pair | undefined))
        pairs.push((last = next));
      return pairs;
    },
    /** What the figures need of each of a pair's movements after `from`, up to and including `to`, in time order. */
    movementFacts(profileId: string, pair: Pair, from: string, to: string): MovementFact[] {
      return (factsOfPair.all(profileId, pair.coin, pair.network, from, to) as FactRow[]).map((r) => ({
        id: r[0],
        outside: r[1] === 1,
        key: r[2],
        effect: r[3],
      }));
    },
    /** Whether a fact with this key was recorded in [from, to]. */
    hasMovementBetween(profileId: string, key: string, from: string, to: string): boolean {
      return keyBetween.get(profileId, key, from, to) !== undefined;
    },
    /** The whole movements behind these facts, by their id. */
    movementsById(ids: readonly number[]): Map<number, Movement> {
      const rows = byRowid.all(JSON.stringify(ids)) as (Omit<Movement, 'outside'> & {
        id: number;
        outside: number;
      })[];
      return new Map(rows.map(({ id, outside, ...m }) => [id, { ...m, outside: outside === 1 }]));
    },
  };
}
export type ReconFacts = ReturnType<typeof reconFacts>;
