import type { TeamCode, TeamDesks, TeamPeople } from '@contract';
import { AppError } from '@shared/errors';
import { TEAM_REFUSAL } from '@shared/plain-error';
import type { DeskConnection } from '../../storage/pg/desk-connection';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import { revokeDeskConfirmation } from '../confirm/team-requests';

const ADMINS_ONLY = 'Only an admin of the team can do this; ask one of them.';

/**
 * The team's own records, read and changed as this person through md's functions: the server decides
 * who may (an admin for every change); a refusal comes back in its words.
 */
async function asPerson<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, sqlState, message } = error as { code?: unknown; sqlState?: unknown; message?: unknown };
    // The engine's own "permission denied" names a function, not what the person tried to do.
    if ((sqlState ?? code) === '42501') throw new AppError('auth', ADMINS_ONLY, TEAM_REFUSAL);
    // The ledger's own refusals (M0xxx) arrive already in the port's words.
    if (error instanceof AppError) throw error;
    throw new AppError(
      'unavailable',
      `The team’s server could not answer (${String(message)}). Check the connection and try again.`,
    );
  }
}

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

/** `role` is this person's as the server last said (null: not known): it spares a non-admin a pointless confirmation. */
export function teamAdmin(
  db: Pick<DeskConnection, 'query'>,
  thisDesk: string,
  role: 'viewer' | 'operator' | 'admin' | null = null,
) {
  async function desks(): Promise<TeamDesks> {
    const rows = await asPerson(() =>
      db.query(
        `SELECT id::text, name, state, enrolled_by, enrolled_at, revoked_at, revoked_by, revoke_reason
           FROM md.team_desks ORDER BY enrolled_at NULLS LAST, name`,
      ),
    );
    return {
      desks: rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        state: r.state === 'revoked' ? 'revoked' : 'active',
        enrolledBy: (r.enrolled_by as string | null) ?? null,
        enrolledAt: iso(r.enrolled_at),
        revokedAt: iso(r.revoked_at),
        revokedBy: (r.revoked_by as string | null) ?? null,
        revokeReason: (r.revoke_reason as string | null) ?? null,
        thisDesk: r.id === thisDesk,
      })),
    };
  }
  async function people(): Promise<TeamPeople> {
    // The level (viewer, operator, admin) and, beside it, approver and auditor (migration 004).
    const rows = await asPerson(() =>
      db.query(
        `SELECT p.person, p.role,
                array(SELECT r.role FROM md.team_person_roles r
                       WHERE r.person = p.person AND r.role IN ('approver', 'auditor') ORDER BY r.role) AS also
           FROM md.team_people p ORDER BY p.person`,
      ),
    );
    return {
      people: rows.map((r) => ({
        person: String(r.person),
        role: r.role as TeamPeople['people'][0]['role'],
        also: (r.also as NonNullable<TeamPeople['people'][0]['also']> | null) ?? [],
      })),
    };
  }
  return {
    desks,
    people,
    /** Confirmed in main with the server's own record of the desk, then done as this person. */
    async revoke(id: string, reason: string, confirm: Confirmer) {
      if (id === thisDesk)
        throw new AppError('invalid-request', 'This is the desk you are using: revoke it from another desk.');
      if (role !== null && role !== 'admin') throw new AppError('auth', ADMINS_ONLY, TEAM_REFUSAL);
      const desk = (await desks()).desks.find((d) => d.id === id);
      if (!desk) throw new AppError('journal-not-found', 'The team has no such desk; refresh the list.');
      if (desk.state === 'revoked')
        throw new AppError(
          'journal-conflict',
          `The desk “${desk.name}” was already revoked${desk.revokedBy ? ` by ${desk.revokedBy}` : ''}.`,
        );
      await requireConfirmation(confirm, revokeDeskConfirmation(desk, reason));
      await asPerson(() => db.query('SELECT md.revoke_desk($1, $2)', [id, reason]));
      return desks();
    },
    async setRole(person: string, role: string | null) {
      await asPerson(() => db.query('SELECT md.set_person_role($1, $2)', [person, role]));
      return people();
    },
    async makeCode(deskName: string, hours: number): Promise<TeamCode> {
      const rows = await asPerson(() =>
        db.query('SELECT md.create_enrollment_code($1, make_interval(hours => $2)) AS code', [
          deskName,
          hours,
        ]),
      );
      return { code: String(rows[0]?.code), deskName, hours };
    },
  };
}
