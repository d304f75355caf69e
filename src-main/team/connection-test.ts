import pg from 'pg';
import { openMode, openModeMessage, schemaVersion, type OpenMode } from '../storage/pg/migrate';
import { describeConnectionError, type ConnectionFailure } from './connection-problems';
import { clientConfig, type TeamConnectionSettings } from './connection-settings';

export type TeamRole = 'viewer' | 'operator' | 'admin';

export interface ConnectionSuccess {
  ok: true;
  person: string;
  role: TeamRole;
  mode: OpenMode;
  /** The desk's name when desk credentials were given and the desk attached. */
  deskName: string | null;
  words: string;
}
export type ConnectionReport = ConnectionSuccess | ConnectionFailure;

const ROLE_ORDER: TeamRole[] = ['admin', 'operator', 'viewer'];

/**
 * Tries the team's server step by step as a desk would use it, and stops at the first thing wrong,
 * in words: reachable, TLS with the admin's CA, the login, a Merchant Desk role, the schema's version
 * against this app's, and (once enrolled) the desk itself. Nothing is written but the desk's attach.
 */
export async function testTeamConnection(
  settings: TeamConnectionSettings,
  password: string,
  desk?: { id: string; token: string },
): Promise<ConnectionReport> {
  const where = `${settings.host}:${settings.port}`;
  const client = new pg.Client(clientConfig(settings, password));
  // A server that drops the connection later must not crash the process with an unhandled 'error'.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return describeConnectionError(error, where);
  }
  try {
    return await checkSession(client, desk);
  } catch (error) {
    return describeConnectionError(error, where);
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkSession(
  client: pg.Client,
  desk?: { id: string; token: string },
): Promise<ConnectionReport> {
  const version = await client.query<{ v: string }>('SHOW server_version_num');
  if (Number(version.rows[0]?.v) < 140000)
    return fail(
      'server-too-old',
      `The team’s server runs PostgreSQL ${Math.floor(Number(version.rows[0]?.v) / 10000)}; a team ledger needs 14 or newer. The admin must upgrade it.`,
    );
  const who = await client.query<{ person: string; roles: string[] | null }>(
    `SELECT session_user::text AS person,
            array_agg(substr(g.rolname, 4)) FILTER (WHERE pg_has_role(session_user, g.oid, 'MEMBER')) AS roles
       FROM pg_roles g WHERE g.rolname IN ('md_viewer', 'md_operator', 'md_admin')`,
  );
  const { person, roles } = who.rows[0]!;
  const role = ROLE_ORDER.find((r) => roles?.includes(r));
  // Without a role the schema cannot be read, but whether it exists can.
  const ledger = await client.query<{ present: boolean }>(
    "SELECT to_regnamespace('md') IS NOT NULL AS present",
  );
  if (!ledger.rows[0]?.present) return fail('not-a-team-ledger', openModeMessage('needs-migration', 0) ?? '');
  if (!role)
    return fail(
      'no-role',
      `You are logged in as “${person}”, but this login has no Merchant Desk role on the team (viewer, operator or admin). Ask an admin to give you one.`,
    );
  const db = await schemaVersion(client);
  const mode = openMode(db);
  if (mode === 'needs-migration') return fail('schema-older', openModeMessage(mode, db) ?? '');
  let deskName: string | null = null;
  if (desk) {
    try {
      await client.query('SELECT md.attach_desk($1, $2)', [desk.id, desk.token]);
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      if (code === 'M0002') return fail('desk-revoked', String(message));
      if (code === 'M0003' || code === 'M0009' || code === '22P02')
        return fail(
          'desk-not-enrolled',
          'The server does not know this desk, or its token is wrong. Ask an admin for a new enrollment code and join again.',
        );
      throw error;
    }
    const named = await client.query<{ name: string }>('SELECT name FROM md.team_desks WHERE id = $1', [
      desk.id,
    ]);
    deskName = named.rows[0]?.name ?? null;
  }
  if (mode === 'read-only') return fail('schema-newer', openModeMessage(mode, db) ?? '');
  const as = deskName ? ` as desk “${deskName}”` : '';
  return {
    ok: true,
    person,
    role,
    mode,
    deskName,
    words: `Connected over ${client.ssl ? 'TLS' : 'the local socket'} as “${person}” (${role})${as}. The team’s ledger is at this app’s version.`,
  };
}

const fail = (problem: ConnectionFailure['problem'], words: string): ConnectionFailure => ({
  ok: false,
  problem,
  words,
});
