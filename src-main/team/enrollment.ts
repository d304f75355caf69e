import type pg from 'pg';
import { newDeskKeyPair } from './desk-keys';
import type { TeamSecrets } from './team-secrets';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface EnrolledDesk {
  deskId: string;
  deskName: string;
}

export class EnrollmentError extends Error {
  constructor(
    message: string,
    readonly sqlState: string | null,
  ) {
    super(message);
    this.name = 'EnrollmentError';
  }
}

/**
 * Enrolls this install as a desk of the team with the admin's one-time code. The private key goes
 * into the keychain BEFORE the code is spent: a keychain that refuses then costs nothing. If it
 * refuses the token after the server enrolled the desk, the words say which desk to revoke.
 */
export async function enrollDesk(
  client: Queryable,
  input: { code: string; deskName?: string },
  secrets: TeamSecrets,
): Promise<EnrolledDesk> {
  const keys = newDeskKeyPair();
  await secrets.set('deskKey', keys.privateKeyBase64);
  let enrolled: { desk_id: string; token: string; name: string };
  try {
    const { rows } = await client.query<{ desk_id: string; token: string }>(
      'SELECT desk_id, token FROM md.enroll_desk($1, $2, $3)',
      [input.code, input.deskName ?? null, keys.publicKeyPem],
    );
    const desk = rows[0]!;
    // A statement of its own: one that joined the call would read the desks from before it ran.
    const named = await client.query<{ name: string }>('SELECT name FROM md.team_desks WHERE id = $1', [
      desk.desk_id,
    ]);
    enrolled = { ...desk, name: named.rows[0]?.name ?? '' };
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    // The server's messages for its own refusals (M0xxx) are written for people; others are not.
    const own = typeof code === 'string' && code.startsWith('M0');
    throw new EnrollmentError(
      own ? String(message) : `The server could not enroll this desk: ${String(message)}`,
      typeof code === 'string' ? code : null,
    );
  }
  try {
    await secrets.set('deskToken', enrolled.token);
  } catch (error) {
    throw new EnrollmentError(
      `The server enrolled this desk as “${enrolled.name}”, but the keychain did not keep its token (${(error as Error).message}). Ask an admin to revoke desk “${enrolled.name}” and give you a new code.`,
      null,
    );
  }
  return { deskId: enrolled.desk_id, deskName: enrolled.name };
}

/** Binds a server connection to this desk (md.attach_desk): every write function needs it. */
export async function attachDesk(client: Queryable, deskId: string, secrets: TeamSecrets): Promise<void> {
  const token = await secrets.get('deskToken');
  if (token === null)
    throw new EnrollmentError(
      'This desk’s team token is not in the keychain; the desk must be enrolled again with a new code.',
      null,
    );
  await client.query('SELECT md.attach_desk($1, $2)', [deskId, token]);
}
