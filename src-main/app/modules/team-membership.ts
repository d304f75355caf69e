import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { TeamConnectionSettings } from '../../team/connection-settings';
import { writeFileAtomic } from '../../services/atomic-file';

/**
 * That this install has joined a team, and where its ledger is: `team.json` in the data folder. The
 * person's password and the desk's token and private key are not here: they are in the keychain.
 * No file means the single desk on SQLite, exactly as before.
 */
export const TeamMembership = z.strictObject({
  version: z.literal(1),
  connection: TeamConnectionSettings,
  deskId: z.uuid(),
  deskName: z.string().min(1).max(100),
  joinedAt: z.string(),
});
export type TeamMembership = z.infer<typeof TeamMembership>;

const fileOf = (dataDir: string) => join(dataDir, 'team.json');

/**
 * The membership, or null when this install has not joined a team. A file that cannot be read is an
 * error, never "not joined": recording money in the desk's own journal instead of the team's ledger
 * would split the team's record without anyone noticing.
 */
export function readTeamMembership(dataDir: string): TeamMembership | null {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return null;
  try {
    return TeamMembership.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(
      `team.json in the data folder cannot be read (${(error as Error).message}). Merchant Desk will not record money until it can tell which ledger to use: restore the file, or remove it to leave the team.`,
      { cause: error },
    );
  }
}

export function writeTeamMembership(dataDir: string, membership: TeamMembership): void {
  writeFileAtomic(fileOf(dataDir), `${JSON.stringify(TeamMembership.parse(membership), null, 2)}\n`);
}

export function removeTeamMembership(dataDir: string): void {
  rmSync(fileOf(dataDir), { force: true });
}
