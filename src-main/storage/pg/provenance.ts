import type { DeskConnection } from './desk-connection';

/** Who did what to an entry on the team ledger: the desk and login of its claim and of each step. */
export interface Provenance {
  entryId: number;
  /** The desk that holds the send (null for an intent nobody claimed yet). */
  claim: { deskId: string; desk: string; at: string; person: string } | null;
  steps: { seq: number; type: string; at: string; deskId: string; desk: string; person: string }[];
}

/** Null when there is no such entry. Read from the chain's own records (events carry desk and login). */
export async function provenance(db: DeskConnection, id: number): Promise<Provenance | null> {
  const [entry] = await db.query<{
    claimed_by: string | null;
    desk: string | null;
    claimed_at: string | null;
    claimed_by_person: string | null;
  }>(
    `SELECT e.claimed_by::text AS claimed_by, d.name AS desk, e.claimed_at, e.claimed_by_person
       FROM md.entries e LEFT JOIN md.desks d ON d.id = e.claimed_by WHERE e.id = $1`,
    [id],
  );
  if (!entry) return null;
  const steps = await db.query<{
    seq: string;
    type: string;
    at: string;
    desk_id: string;
    desk: string;
    person: string;
  }>(
    `SELECT v.seq, v.type, v.at, v.desk_id::text AS desk_id, d.name AS desk, v.person
       FROM md.events v JOIN md.desks d ON d.id = v.desk_id WHERE v.entry_id = $1 ORDER BY v.seq`,
    [id],
  );
  return {
    entryId: id,
    claim:
      entry.claimed_by === null
        ? null
        : {
            deskId: entry.claimed_by,
            desk: entry.desk ?? '',
            at: entry.claimed_at ?? '',
            person: entry.claimed_by_person ?? '',
          },
    steps: steps.map((s) => ({
      seq: Number(s.seq),
      type: s.type,
      at: s.at,
      deskId: s.desk_id,
      desk: s.desk,
      person: s.person,
    })),
  };
}
