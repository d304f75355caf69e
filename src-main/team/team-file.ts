import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../services/atomic-file';
import { TeamConnectionSettings, teamConnectionSchema, type ParseOptions } from './connection-settings';

/**
 * Which team this install belongs to, as desk and person: kept in the data folder beside the journal.
 * No secret is in it: the password, the desk's token and its private key are in the keychain.
 */
export const TeamMembership = z
  .object({
    version: z.literal(1),
    connection: TeamConnectionSettings,
    deskId: z.uuid(),
    deskName: z.string().min(1).max(100),
    joinedAt: z.string(),
  })
  .strict();
export type TeamMembership = z.infer<typeof TeamMembership>;

export const teamFileOf = (dataDir: string) => join(dataDir, 'team.json');

/** The membership, or null when this install is not in a team; a damaged file is refused in words. */
export function readTeamFile(dataDir: string, options: ParseOptions = {}): TeamMembership | null {
  const file = teamFileOf(dataDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: TeamMembership;
  try {
    parsed = TeamMembership.parse(JSON.parse(text));
    teamConnectionSchema(options).parse(parsed.connection);
  } catch (error) {
    throw new Error(
      `${file} is damaged (${(error as Error).message.slice(0, 200)}); restore it from a backup, or join the team again.`,
      { cause: error },
    );
  }
  return parsed;
}

export function writeTeamFile(dataDir: string, membership: TeamMembership): void {
  writeFileAtomic(teamFileOf(dataDir), `${JSON.stringify(TeamMembership.parse(membership), null, 2)}\n`);
}
