import pg from 'pg';
import type { ConnectionFailure } from './connection-problems';
import { clientConfig, type TeamConnectionSettings } from './connection-settings';
import { testTeamConnection } from './connection-test';
import { attachDesk, enrollDesk, EnrollmentError } from './enrollment';
import { writeTeamFile, type TeamMembership } from './team-file';
import type { TeamSecrets } from './team-secrets';

export interface JoinInput {
  settings: TeamConnectionSettings;
  password: string;
  code: string;
  /** The desk name the person was told (checked against the code's), if they typed one. */
  deskName?: string;
}

export type JoinResult =
  | { ok: true; membership: TeamMembership }
  | ConnectionFailure
  | { ok: false; problem: 'enrollment'; words: string };

/**
 * Joins the team: the connection test first (nothing is spent on a server that is wrong), then the
 * one-time code, then the password into the keychain and the membership into the data folder.
 */
export async function joinTeam(
  input: JoinInput,
  env: { secrets: TeamSecrets; dataDir: string; now?: () => Date },
): Promise<JoinResult> {
  const tested = await testTeamConnection(input.settings, input.password);
  if (!tested.ok) return tested;
  const client = new pg.Client(clientConfig(input.settings, input.password));
  client.on('error', () => {});
  await client.connect();
  try {
    const desk = await enrollDesk(client, { code: input.code, deskName: input.deskName }, env.secrets);
    await env.secrets.set('password', input.password);
    const membership: TeamMembership = {
      version: 1,
      connection: input.settings,
      deskId: desk.deskId,
      deskName: desk.deskName,
      joinedAt: (env.now ?? (() => new Date()))().toISOString(),
    };
    writeTeamFile(env.dataDir, membership);
    return { ok: true, membership };
  } catch (error) {
    if (error instanceof EnrollmentError) return { ok: false, problem: 'enrollment', words: error.message };
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Connections of a member desk: plain (reading, live sync) or attached as the desk (writing).
 * @internal For tests: the app connects through team-session.ts.
 */
export function teamConnector(membership: TeamMembership, secrets: TeamSecrets) {
  async function connect(): Promise<pg.Client> {
    const password = await secrets.get('password');
    if (password === null)
      throw new Error('Your team password is not in the keychain; enter it again in Settings.');
    const client = new pg.Client(clientConfig(membership.connection, password));
    await client.connect();
    return client;
  }
  return {
    connect,
    async connectAsDesk(): Promise<pg.Client> {
      const client = await connect();
      try {
        await attachDesk(client, membership.deskId, secrets);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      return client;
    },
  };
}
