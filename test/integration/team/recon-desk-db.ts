import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import type { PgTeam, SeededDesk, TeamRole } from '../../helpers/pg-team';

/**
 * The desk's connection to the team's server as `person` at `desk` (desk-connection.ts: each
 * connection attached before its first use), as the recon stores take it from the journal store.
 */
export async function deskDb(
  team: PgTeam,
  desk: SeededDesk,
  person: string,
  role: TeamRole = 'operator',
): Promise<DeskConnection> {
  await team.person(person, role);
  return deskConnection({ ...team.config(person), max: 4 }, { deskUuid: desk.id, token: desk.token });
}

/** The JournalError kind (or else the SQLSTATE) a rejected call carried. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const { code, kind } = error as { code?: unknown; kind?: unknown };
    return String(kind ?? code ?? error);
  }
  return 'no error';
}

/** The refusal of a person's role: the port's `journal-locked`, carrying PostgreSQL's own 42501. */
export const notPermitted = { kind: 'journal-locked', sqlState: '42501' };
