import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventHash } from '@main/storage/pg/chain-hash';
import { MIGRATIONS } from '@main/storage/pg/migrations';
import {
  CODE_SCHEMA_VERSION,
  migrate,
  openMode,
  openModeMessage,
  schemaVersion,
} from '@main/storage/pg/migrate';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';

/** The SQLSTATE a rejected query carried. */
async function sqlState(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  return 'no error';
}

describeWithPg('team ledger core: migrations, desks, the chain', (cluster) => {
  let team: PgTeam;
  beforeEach(async () => {
    team = await createPgTeam(cluster());
  });
  afterEach(() => team.close());

  it('migrating is an explicit, recorded, once-only step; opening reads the mode from the versions', async () => {
    const info = await team.admin('SELECT version, name, migrated_by FROM md.schema_info ORDER BY version');
    expect(info.rows[0]).toEqual({ version: 1, name: 'core', migrated_by: 'postgres' });
    // Two admins at once: one runs the steps, the other waits on the lock and finds nothing to do.
    const a = new pg.Client(cluster().config(team.database));
    const b = new pg.Client(cluster().config(team.database));
    await Promise.all([a.connect(), b.connect()]);
    expect(await Promise.all([migrate(a), migrate(b)])).toEqual([[], []]);
    await Promise.all([a.end(), b.end()]);

    // On a ledger never set up, two admins at once: each step runs exactly once.
    const empty = await cluster().createDatabase('empty');
    const c = new pg.Client(cluster().config(empty));
    const d = new pg.Client(cluster().config(empty));
    await Promise.all([c.connect(), d.connect()]);
    try {
      expect(await schemaVersion(c)).toBe(0);
      const runs = await Promise.all([migrate(c), migrate(d)]);
      // Versions may have gaps (each piece of work owns its number): every one runs, once.
      expect(runs.flat().sort((x, y) => x - y)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await schemaVersion(d)).toBe(CODE_SCHEMA_VERSION);
    } finally {
      await Promise.all([c.end(), d.end()]);
    }

    expect(openMode(CODE_SCHEMA_VERSION)).toBe('read-write');
    expect(openMode(CODE_SCHEMA_VERSION + 1)).toBe('read-only');
    expect(openMode(0)).toBe('needs-migration');
    expect(openModeMessage('read-only', 9, 3)).toMatch(/older than the team's ledger.*update the app/);
    expect(openModeMessage('needs-migration', 0, 3)).toMatch(/an admin must migrate/);
  });

  it('a connection speaks for a desk only after attaching with its token; a revoked desk is refused', async () => {
    const desk = await team.seedDesk('Front desk');
    await team.person('olga', 'operator');
    const client = new pg.Client(team.config('olga'));
    await client.connect();
    try {
      expect(await sqlState(client.query('SELECT md.current_desk()'))).toBe('M0001');
      expect(await sqlState(client.query('SELECT md.attach_desk($1, $2)', [desk.id, 'wrong']))).toBe('M0003');
      await client.query('SELECT md.attach_desk($1, $2)', [desk.id, desk.token]);
      expect((await client.query('SELECT md.current_desk() AS d')).rows[0].d).toBe(desk.id);
      const attached = await team.admin('SELECT attached_by FROM md.attached WHERE desk_id = $1', [desk.id]);
      expect(attached.rows).toEqual([{ attached_by: 'olga' }]);
      await team.admin("UPDATE md.desks SET revoked_at = now(), revoked_by = 'postgres' WHERE id = $1", [
        desk.id,
      ]);
      await expect(client.query('SELECT md.current_desk()')).rejects.toMatchObject({
        code: 'M0002',
        message: expect.stringMatching(/Front desk.*revoked/),
      });
    } finally {
      await client.end();
    }
    // Another connection is another backend: it has attached nothing.
    const other = new pg.Client(team.config('olga'));
    await other.connect();
    expect(await sqlState(other.query('SELECT md.current_desk()'))).toBe('M0001');
    await other.end();
  });

  it('the server chains events exactly as desks recompute them; nobody writes the chain directly', async () => {
    const desk = await team.seedDesk('Desk A');
    const owner = new pg.Client(cluster().config(team.database));
    await owner.connect();
    await owner.query('SELECT md.attach_desk($1, $2)', [desk.id, desk.token]);
    await owner.query(`SELECT md.append_event(NULL, 'note', '{"a":"é\\n"}')`);
    await owner.query(`SELECT md.append_event(7, 'begin', '{}')`);
    await owner.end();
    const { rows } = await team.admin('SELECT * FROM md.events ORDER BY seq');
    expect(rows).toHaveLength(2);
    let prev = '0'.repeat(64);
    for (const r of rows) {
      expect(r.prev_hash).toBe(prev);
      const mine = eventHash({
        seq: Number(r.seq),
        entryId: r.entry_id === null ? null : Number(r.entry_id),
        type: r.type,
        at: r.at,
        detail: r.detail,
        deskId: r.desk_id,
        person: r.person,
        prevHash: r.prev_hash,
      });
      expect(mine).toBe(r.hash);
      prev = r.hash;
    }
    expect(rows[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await team.admin('SELECT seq, hash FROM md.chain_head')).rows[0]).toEqual({
      seq: '2',
      hash: prev,
    });

    const operator = await team.deskClient(desk, 'oscar', 'operator');
    expect(await sqlState(operator.query("SELECT md.append_event(NULL, 'x', '{}')"))).toBe('42501');
    expect(
      await sqlState(
        operator.query("INSERT INTO md.events VALUES (9, NULL, 'x', 'x', 'x', $1, 'x', 'x', 'x')", [desk.id]),
      ),
    ).toBe('42501');
    expect(await sqlState(operator.query('UPDATE md.chain_head SET seq = 0'))).toBe('42501');
    expect((await operator.query('SELECT count(*)::int AS n FROM md.events')).rows[0].n).toBe(2);
    expect(await sqlState(operator.query('SELECT token_hash FROM md.desks'))).toBe('42501');
    // A function a later migration adds is nobody's to run until that migration grants it.
    const admin = new pg.Client(cluster().config(team.database));
    await admin.connect();
    const later = {
      version: 99,
      name: 'later',
      sql: 'CREATE FUNCTION md.later_step() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
    };
    expect(await migrate(admin, [...MIGRATIONS, later])).toEqual([99]);
    await admin.end();
    expect(await sqlState(operator.query('SELECT md.later_step()'))).toBe('42501');
  });
});
