import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMemoryStore } from '@main/secrets';
import { attachDesk, enrollDesk } from '@main/team/enrollment';
import { teamSecrets, type TeamSecrets } from '@main/team/team-secrets';
import { createPgTeam, describeWithPg, type PgTeam } from '@test/helpers/pg-team';

async function sqlError(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    // pg's errors carry the SQLSTATE as `code`; the enrollment client's as `sqlState`.
    const { code, sqlState, message } = error as { code?: unknown; sqlState?: unknown; message?: unknown };
    return { code: String(sqlState ?? code), message: String(message) };
  }
  return { code: 'no error', message: '' };
}

describeWithPg('team identity: enrollment codes, desks, revocation, roles (migration 003)', (cluster) => {
  let team: PgTeam;
  const open: pg.Client[] = [];
  const login = async (person: string, role: 'viewer' | 'operator' | 'admin') => {
    await team.person(person, role);
    const client = new pg.Client(team.config(person));
    await client.connect();
    open.push(client);
    return client;
  };
  const codeFor = async (name: string) => {
    const ada = await login('ada', 'admin');
    const { rows } = await ada.query<{ code: string }>('SELECT md.create_enrollment_code($1) AS code', [
      name,
    ]);
    return rows[0]!.code;
  };
  let secrets: TeamSecrets;

  beforeEach(async () => {
    team = await createPgTeam(cluster());
    secrets = teamSecrets(createMemoryStore());
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.end().catch(() => {})));
    await team.close();
  });

  it('a code enrolls one desk, once: key pair and token kept, the desk recorded with who enrolled it', async () => {
    const code = await codeFor('Front desk');
    expect(code).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/);
    const otto = await login('otto', 'operator');
    const desk = await enrollDesk(otto, { code: code.toUpperCase(), deskName: 'front desk' }, secrets);
    expect(desk.deskName).toBe('Front desk');
    expect(await secrets.get('deskToken')).toMatch(/^[0-9a-f]{64}$/);
    expect(await secrets.get('deskKey')).not.toBeNull();

    const listed = await otto.query('SELECT name, enrolled_by, state, public_key FROM md.team_desks');
    expect(listed.rows).toEqual([
      {
        name: 'Front desk',
        enrolled_by: 'otto',
        state: 'active',
        public_key: expect.stringContaining('PUBLIC KEY'),
      },
    ]);
    await attachDesk(otto, desk.deskId, secrets);
    expect((await otto.query('SELECT md.current_desk() AS d')).rows[0].d).toBe(desk.deskId);

    const again = await sqlError(enrollDesk(otto, { code }, teamSecrets(createMemoryStore())));
    expect(again.code).toBe('M0008');
    expect(again.message).toContain('already used');
    const codes = await team.admin('SELECT used_by, desk_id FROM md.enrollment_codes');
    expect(codes.rows).toEqual([{ used_by: 'otto', desk_id: desk.deskId }]);
  });

  it('a code expires; an unknown code and a code for another desk name are refused in words', async () => {
    const code = await codeFor('Back office');
    await team.admin("UPDATE md.enrollment_codes SET expires_at = now() - interval '1 second'");
    const vera = await login('vera', 'viewer');
    const expired = await sqlError(enrollDesk(vera, { code }, secrets));
    expect(expired).toMatchObject({ code: 'M0008', message: expect.stringContaining('expired') });

    const unknown = await sqlError(
      enrollDesk(vera, { code: '0000-0000-0000-0000-0000-0000-0000-0000' }, secrets),
    );
    expect(unknown).toMatchObject({ code: 'M0009', message: expect.stringContaining('not known') });

    const other = await codeFor('Treasury');
    const misnamed = await sqlError(enrollDesk(vera, { code: other, deskName: 'Front desk' }, secrets));
    expect(misnamed.message).toContain('This code is for the desk named "Treasury"');
    expect((await team.admin('SELECT count(*)::int AS n FROM md.desks')).rows[0]?.n).toBe(0);
  });

  it('an operator or viewer cannot make codes, revoke desks or change roles', async () => {
    const otto = await login('otto', 'operator');
    expect((await sqlError(otto.query("SELECT md.create_enrollment_code('Mine')"))).code).toBe('42501');
    expect((await sqlError(otto.query("SELECT md.set_person_role('otto', 'admin')"))).code).toBe('42501');
    const desk = await team.seedDesk('Somebody');
    expect((await sqlError(otto.query("SELECT md.revoke_desk($1, 'no')", [desk.id]))).code).toBe('42501');
    expect((await sqlError(otto.query('SELECT * FROM md.enrollment_codes'))).code).toBe('42501');
  });

  it('a revoked desk is refused on its very next call, and cannot attach again', async () => {
    const desk = await team.seedDesk('Laptop');
    const deskClient = await team.deskClient(desk);
    expect((await deskClient.query('SELECT md.current_desk() AS d')).rows[0].d).toBe(desk.id);
    const ada = await login('ada', 'admin');
    await ada.query("SELECT md.revoke_desk($1, 'laptop lost')", [desk.id]);

    const next = await sqlError(deskClient.query('SELECT md.current_desk()'));
    expect(next).toMatchObject({ code: 'M0002', message: expect.stringContaining('Laptop') });
    const reattach = await sqlError(deskClient.query('SELECT md.attach_desk($1, $2)', [desk.id, desk.token]));
    expect(reattach.code).toBe('M0002');
    const row = await ada.query('SELECT state, revoked_by, revoke_reason FROM md.team_desks');
    expect(row.rows).toEqual([{ state: 'revoked', revoked_by: 'ada', revoke_reason: 'laptop lost' }]);
    expect((await sqlError(ada.query("SELECT md.revoke_desk($1, 'twice')", [desk.id]))).message).toContain(
      'already revoked by ada',
    );
  });

  it('admins see the people and their roles, change them, and never leave the team without an admin', async () => {
    const ada = await login('ada', 'admin');
    await login('otto', 'operator');
    // Logins are cluster-wide: other tests' people are on the server too.
    const people = async () =>
      (
        await ada.query(
          "SELECT person, role FROM md.team_people WHERE person IN ('ada', 'otto') ORDER BY person",
        )
      ).rows as unknown[];
    expect(await people()).toEqual([
      { person: 'ada', role: 'admin' },
      { person: 'otto', role: 'operator' },
    ]);
    const last = await sqlError(ada.query("SELECT md.set_person_role('ada', 'viewer')"));
    expect(last).toMatchObject({ code: 'M0003', message: expect.stringContaining('last admin') });

    await ada.query("SELECT md.set_person_role('otto', 'admin')");
    await ada.query("SELECT md.set_person_role('ada', 'viewer')");
    expect(await people()).toEqual([
      { person: 'ada', role: 'viewer' },
      { person: 'otto', role: 'admin' },
    ]);
    const log = await team.admin('SELECT person, role, changed_by FROM md.role_changes ORDER BY seq');
    expect(log.rows).toEqual([
      { person: 'otto', role: 'admin', changed_by: 'ada' },
      { person: 'ada', role: 'viewer', changed_by: 'ada' },
    ]);
    expect((await sqlError(ada.query("SELECT md.set_person_role('postgres', 'viewer')"))).code).not.toBe(
      'no error',
    );
  });
});
