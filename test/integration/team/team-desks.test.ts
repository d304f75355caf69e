import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TeamStatus } from '@contract';
import { createMemoryStore } from '@main/secrets';
import { teamSecrets } from '@main/team/team-secrets';
import { startAppHarness, type AppHarness } from '../../helpers/app-harness';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

describeWithPg('two desks of one team, through the app’s own services', (cluster) => {
  let team: PgTeam;
  let a: AppHarness;
  let b: AppHarness;
  beforeAll(async () => {
    team = await createPgTeam(cluster(), 'desks');
    await team.person('ada', 'admin');
    await team.person('bob', 'operator');
    a = await joinedDesk(team, 'ada', 'Desk A');
    b = await joinedDesk(team, 'bob', 'Desk B');
  }, 60_000);
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await team?.close();
  });

  it('joins only after main confirms the change of where money is recorded, and keeps the password in main', () => {
    const asked = a.confirmations.shown.map((r) => r.title);
    expect(asked).toContain('Record this desk’s money in the team’s ledger?');
    const shown = JSON.stringify(a.responses);
    expect(shown).not.toContain('pw-ada-secret');
  });

  it('records desk A’s withdrawal in the ledger, shows it live on desk B with who sent it, and refuses B’s identical one naming A’s entry', async () => {
    const request = { coin: 'usdt', network: 'tron', amount: '41.5', to_address: ADDRESS };
    const sent = await a.ok('withdrawals:create', request);
    expect(sent.outcome).toBe('accepted');
    const [row] = (await team.admin('SELECT id, created_by FROM md.entries WHERE id = $1', [sent.journalId]))
      .rows;
    expect(row).toMatchObject({ created_by: 'ada' });

    await expect
      .poll(
        () =>
          b.events.some(
            (e) => e.channel === 'journal:changed' && (e.payload as { id: string }).id === sent.journalId,
          ),
        {
          timeout: 5000,
        },
      )
      .toBe(true);
    const who = await b.ok('team:entry-who', { id: sent.journalId });
    expect(who.steps[0]).toMatchObject({ desk: 'Desk A', person: 'ada' });

    const refused = await b.call('withdrawals:create', request);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'duplicate-withdrawal' } });
    expect(JSON.stringify(refused)).toContain(String(sent.journalId));
  });

  it('lets an admin list desks and people and make a code, and refuses an operator in words', async () => {
    const desks = await a.ok('team:desks');
    expect(desks.desks.map((d) => [d.name, d.thisDesk])).toEqual(
      expect.arrayContaining([
        ['Desk A', true],
        ['Desk B', false],
      ]),
    );
    const people = await a.ok('team:people');
    expect(people.people).toEqual(expect.arrayContaining([{ person: 'bob', role: 'operator', also: [] }]));
    const code = await a.ok('team:make-code', { deskName: 'Desk C', hours: 2 });
    expect(code.code).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/);
    const refused = await b.call('team:make-code', { deskName: 'Desk D', hours: 2 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
  });
  it('leaves only after main confirms, and then records in the desk’s own journal again', async () => {
    const before = Number((await team.admin('SELECT count(*) AS n FROM md.entries')).rows[0]!.n);
    const left = await a.ok('team:leave');
    expect(left).toMatchObject({ joined: false, connection: 'none' });
    expect(a.confirmations.shown.at(-1)?.title).toBe('Leave the team and record money on this desk alone?');
    expect(existsSync(join(a.dataDir, 'team.json'))).toBe(false);
    expect((await a.ok('journal:list', { limit: 10 })).entries).toEqual([]);
    const own = await a.ok('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '3',
      to_address: ADDRESS,
    });
    // Whatever the Sandbox answered, it is recorded here, on this desk, and not on the team's server.
    expect((await a.ok('journal:list', { limit: 10 })).entries.map((e) => e.id)).toEqual([own.journalId]);
    expect(Number((await team.admin('SELECT count(*) AS n FROM md.entries')).rows[0]!.n)).toBe(before);
  });
});

describeWithPg('a desk whose team server cannot be reached', (cluster) => {
  let app: AppHarness;
  afterAll(() => app?.dispose());

  it('opens on its copy, says so, and refuses to send in words', async () => {
    // team.json and the keychain as a joined desk leaves them, with the server gone from its address.
    const secrets = createMemoryStore();
    const team = teamSecrets(secrets);
    await team.set('password', 'pw');
    await team.set('deskToken', 'token');
    const dataDir = mkdtempSync(join(tmpdir(), 'md-team-away-'));
    writeFileSync(
      join(dataDir, 'team.json'),
      JSON.stringify({
        version: 1,
        connection: {
          host: join(cluster().socketDir, 'gone'),
          port: cluster().port,
          database: 'x',
          user: 'ada',
        },
        deskId: '2b1c5f0e-8a4d-4c1e-9f7a-3d2e1c0b9a87',
        deskName: 'Desk Away',
        joinedAt: '2026-11-26T05:00:00.000Z',
      }),
    );
    app = await startAppHarness({ teamSecrets: secrets, teamDev: true, dataDir });
    await expect
      .poll(async () => (await app.ok('team:status')).connection, { timeout: 10_000 })
      .toBe('offline');
    const status: TeamStatus = await app.ok('team:status');
    expect(status).toMatchObject({ joined: true, desk: 'Desk Away', connection: 'offline' });
    expect(status.words).toMatch(/unreachable/);
    const refused = await app.call('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '5',
      to_address: ADDRESS,
    });
    expect(refused).toMatchObject({ ok: false });
    expect(JSON.stringify(refused)).toMatch(/unreachable/);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toEqual([]);
  });
});
