import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readTeamMembership,
  removeTeamMembership,
  writeTeamMembership,
  type TeamMembership,
} from '@main/app/modules/team-membership';

const JOINED: TeamMembership = {
  version: 1,
  connection: { host: 'db.team.example', port: 5432, database: 'ledger', user: 'ada' },
  deskId: '2b1c5f0e-8a4d-4c1e-9f7a-3d2e1c0b9a87',
  deskName: 'Desk A',
  joinedAt: '2026-11-26T05:00:00.000Z',
};

describe('whether this install is on a team (team.json)', () => {
  it('is not, with no file; is, after joining; is not, after leaving', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-team-file-'));
    expect(readTeamMembership(dir)).toBeNull();
    writeTeamMembership(dir, JOINED);
    expect(readTeamMembership(dir)).toEqual(JOINED);
    removeTeamMembership(dir);
    expect(readTeamMembership(dir)).toBeNull();
  });

  it('refuses a damaged file in words instead of reading it as "not on a team"', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-team-file-'));
    writeFileSync(join(dir, 'team.json'), '{"version":1,');
    expect(() => readTeamMembership(dir)).toThrow(/team\.json .* cannot be read.*will not record money/);
  });
});
