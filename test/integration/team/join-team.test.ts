import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMemoryStore } from '@main/secrets';
import { parseTeamConnection } from '@main/team/connection-settings';
import { joinTeam, teamConnector } from '@main/team/join-team';
import { readTeamFile, teamFileOf } from '@main/team/team-file';
import { teamSecrets, type TeamSecrets } from '@main/team/team-secrets';
import { createPgTeam, describeWithPg, type PgTeam } from '@test/helpers/pg-team';

describeWithPg('joining a team: connection test, enrollment, keychain, membership file', (cluster) => {
  let team: PgTeam;
  let dataDir: string;
  let secrets: TeamSecrets;
  const settings = () =>
    parseTeamConnection(
      { host: cluster().socketDir, port: cluster().port, database: team.database, user: 'otto' },
      { allowSocket: true },
    );
  const code = async (name: string) =>
    (await team.admin<{ code: string }>('SELECT md.create_enrollment_code($1) AS code', [name])).rows[0]!
      .code;

  beforeEach(async () => {
    team = await createPgTeam(cluster());
    dataDir = mkdtempSync(join(tmpdir(), 'md-join-'));
    secrets = teamSecrets(createMemoryStore());
  });
  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await team.close();
  });

  it('joins with a code: secrets in the keychain only, the membership on disk, and the desk can attach', async () => {
    const { password } = await team.person('otto', 'operator');
    const result = await joinTeam(
      { settings: settings(), password, code: await code('Front desk') },
      { secrets, dataDir },
    );
    expect(result).toMatchObject({ ok: true, membership: { deskName: 'Front desk' } });
    const file = readFileSync(teamFileOf(dataDir), 'utf8');
    expect(file).not.toContain(password);
    expect(file).not.toContain((await secrets.get('deskToken'))!);
    expect(await secrets.get('password')).toBe(password);

    const membership = readTeamFile(dataDir, { allowSocket: true })!;
    const client = await teamConnector(membership, secrets).connectAsDesk();
    try {
      expect((await client.query('SELECT md.current_desk() AS d')).rows[0].d).toBe(membership.deskId);
    } finally {
      await client.end();
    }
  });

  it('stops at the connection test before spending the code, and says why', async () => {
    await team.person('otto', 'operator');
    const unused = await code('Back office');
    const result = await joinTeam(
      { settings: settings(), password: 'wrong', code: unused },
      { secrets, dataDir },
    );
    expect(result).toMatchObject({ ok: false, problem: 'wrong-password' });
    expect(readTeamFile(dataDir)).toBeNull();
    const left = await team.admin('SELECT used_at FROM md.enrollment_codes');
    expect(left.rows).toEqual([{ used_at: null }]);
  });

  it('refuses a spent code in the server’s words, and keeps no membership', async () => {
    const { password } = await team.person('otto', 'operator');
    const once = await code('Laptop');
    await joinTeam({ settings: settings(), password, code: once }, { secrets, dataDir });
    const other = mkdtempSync(join(tmpdir(), 'md-join-'));
    try {
      const again = await joinTeam(
        { settings: settings(), password, code: once },
        { secrets: teamSecrets(createMemoryStore()), dataDir: other },
      );
      expect(again).toMatchObject({
        ok: false,
        problem: 'enrollment',
        words: expect.stringContaining('already used'),
      });
      expect(readTeamFile(other)).toBeNull();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a damaged membership file in words', () => {
    writeFileSync(teamFileOf(dataDir), '{"version": 1}');
    expect(() => readTeamFile(dataDir)).toThrow('is damaged');
  });
});
