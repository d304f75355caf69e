import { afterEach, beforeEach, expect, it } from 'vitest';
import { CODE_SCHEMA_VERSION } from '@main/storage/pg/migrate';
import { testTeamConnection } from '@main/team/connection-test';
import { parseTeamConnection } from '@main/team/connection-settings';
import { createPgTeam, describeWithPg, type PgTeam } from '@test/helpers/pg-team';

describeWithPg('the connection test, step by step, in words (socket cluster)', (cluster) => {
  let team: PgTeam;
  const settingsFor = (user: string, database = team.database) =>
    parseTeamConnection(
      { host: cluster().socketDir, port: cluster().port, database, user },
      { allowSocket: true },
    );

  beforeEach(async () => {
    team = await createPgTeam(cluster());
  });
  afterEach(() => team.close());

  it('passes for a person with a role and an enrolled desk, naming both', async () => {
    const { password } = await team.person('otto', 'operator');
    const desk = await team.seedDesk('Front desk');
    const report = await testTeamConnection(settingsFor('otto'), password, desk);
    expect(report).toMatchObject({ ok: true, person: 'otto', role: 'operator', deskName: 'Front desk' });
    expect(report.words).toContain('as “otto” (operator) as desk “Front desk”');
  });

  it('says the password is wrong', async () => {
    await team.person('otto', 'operator');
    expect(await testTeamConnection(settingsFor('otto'), 'not the password')).toMatchObject({
      ok: false,
      problem: 'wrong-password',
    });
  });

  it('says when the login has no Merchant Desk role', async () => {
    await team.admin(
      "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'nora') THEN CREATE ROLE nora LOGIN PASSWORD 'nora-pw'; END IF; END $$",
    );
    const report = await testTeamConnection(settingsFor('nora'), 'nora-pw');
    expect(report).toMatchObject({ ok: false, problem: 'no-role' });
    expect(report.words).toContain('no Merchant Desk role');
  });

  it('says when the desk was revoked, and when the server does not know it', async () => {
    const { password } = await team.person('otto', 'operator');
    const desk = await team.seedDesk('Laptop');
    await team.admin("UPDATE md.desks SET revoked_at = now(), revoked_by = 'ada' WHERE id = $1", [desk.id]);
    const revoked = await testTeamConnection(settingsFor('otto'), password, desk);
    expect(revoked).toMatchObject({
      ok: false,
      problem: 'desk-revoked',
      words: expect.stringContaining('revoked'),
    });
    const stranger = await testTeamConnection(settingsFor('otto'), password, {
      ...desk,
      token: 'wrong-token',
    });
    expect(stranger).toMatchObject({ ok: false, problem: 'desk-not-enrolled' });
  });

  it('says when the ledger’s schema is newer or older than this app, or not set up at all', async () => {
    const { password } = await team.person('otto', 'operator');
    await team.admin("INSERT INTO md.schema_info (version, name) VALUES ($1, 'from the future')", [
      CODE_SCHEMA_VERSION + 1,
    ]);
    const newer = await testTeamConnection(settingsFor('otto'), password);
    expect(newer).toMatchObject({
      ok: false,
      problem: 'schema-newer',
      words: expect.stringContaining('update the app'),
    });

    await team.admin('DELETE FROM md.schema_info WHERE version >= $1', [CODE_SCHEMA_VERSION]);
    const older = await testTeamConnection(settingsFor('otto'), password);
    expect(older).toMatchObject({
      ok: false,
      problem: 'schema-older',
      words: expect.stringContaining('an admin must migrate'),
    });

    const empty = await cluster().createDatabase('empty');
    const bare = await testTeamConnection(settingsFor('otto', empty), password);
    expect(bare).toMatchObject({
      ok: false,
      problem: 'not-a-team-ledger',
      words: expect.stringContaining('migrate'),
    });
  });
});
