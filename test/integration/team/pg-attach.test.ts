import { createHash } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeJournalStoreContract } from '../../unit/storage/contract';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';
import { pgHarness } from './pg-harness';

/** The SQLSTATE a statement fails with, or 'ok'. */
async function stateOf(client: pg.Client, sql: string, params: unknown[] = []): Promise<string> {
  try {
    await client.query(sql, params);
    return 'ok';
  } catch (error) {
    return String((error as { code?: string }).code);
  }
}

/**
 * A desk's attachment with the ledger owned by a plain login (CREATEROLE only: not superuser, not in
 * pg_read_all_stats), as the server guide's first admin makes it: attaching must work without
 * pg_stat_activity, and no connection may pass for a desk it did not attach as.
 */
describeWithPg('desk attachment, the ledger owned by a plain login', (cluster) => {
  describe('who a connection speaks for', () => {
    let team: PgTeam;
    let deskA: SeededDesk;
    let a: pg.Client;
    let other: pg.Client;
    beforeAll(async () => {
      team = await createPgTeam(cluster(), 'attach', { owner: 'plain' });
      const owner = await team.admin<{ su: boolean; stats: boolean }>(
        "SELECT rolsuper AS su, pg_has_role(current_user, 'pg_read_all_stats', 'USAGE') AS stats FROM pg_roles WHERE rolname = current_user",
      );
      expect(owner.rows).toEqual([{ su: false, stats: false }]);
      deskA = await team.seedDesk('Desk A');
      a = await team.deskClient(deskA, 'amy', 'operator');
      // Another person's connection: it may read every table a viewer may, md.attached included.
      await team.person('eve', 'operator');
      other = await team.deskClient(await team.seedDesk('Desk E'), 'eve', 'operator');
      await other.query("SELECT set_config('md.attachment', '', false)");
    }, 60_000);
    afterAll(() => team?.close());

    it('attaches a desk and knows it on that connection alone', async () => {
      expect((await a.query('SELECT md.current_desk() AS d')).rows[0].d).toBe(deskA.id);
      expect(await stateOf(other, 'SELECT md.current_desk()')).toBe('M0001');
    });

    it('keeps only a hash of the connection’s secret where others can read it', async () => {
      const secret = (await a.query("SELECT current_setting('md.attachment') AS s")).rows[0].s as string;
      expect(secret.length).toBeGreaterThanOrEqual(64);
      const rows = (
        await other.query<{ hash: Buffer }>(
          'SELECT secret_hash AS hash FROM md.attached WHERE desk_id = $1',
          [deskA.id],
        )
      ).rows;
      expect(rows.map((r) => r.hash.toString('hex'))).toEqual([
        createHash('sha256').update(secret, 'utf8').digest('hex'),
      ]);
      // What a reader of the table could try: the hash itself, as text in either form.
      for (const guess of [rows[0]!.hash.toString('hex'), `\\x${rows[0]!.hash.toString('hex')}`]) {
        await other.query("SELECT set_config('md.attachment', $1, false)", [guess]);
        expect(await stateOf(other, 'SELECT md.current_desk()')).toBe('M0001');
      }
    });

    it('a connection given a closed one’s pid is not that desk: it holds no secret', async () => {
      const pid = (await other.query('SELECT pg_backend_pid() AS p')).rows[0].p as number;
      // As if desk A's connection had closed and the server had handed its pid to this one.
      await team.admin('UPDATE md.attached SET pid = $1 WHERE desk_id = $2', [pid, deskA.id]);
      try {
        await other.query("SELECT set_config('md.attachment', '', false)");
        expect(await stateOf(other, 'SELECT md.current_desk()')).toBe('M0001');
        expect(await stateOf(other, 'SELECT md.recover_desk()')).toBe('M0001');
      } finally {
        await team.admin('UPDATE md.attached SET pid = $1 WHERE desk_id = $2', [
          (await a.query('SELECT pg_backend_pid() AS p')).rows[0].p,
          deskA.id,
        ]);
      }
      expect((await a.query('SELECT md.current_desk() AS d')).rows[0].d).toBe(deskA.id);
    });

    it('a connection that changes its own setting is no desk, not another one', async () => {
      const b = await team.deskClient(await team.seedDesk('Desk B'), 'amy', 'operator');
      const secretA = (await a.query("SELECT current_setting('md.attachment') AS s")).rows[0].s as string;
      // Even a secret that is right, on a connection of another pid, names nobody.
      await b.query("SELECT set_config('md.attachment', $1, false)", [secretA]);
      expect(await stateOf(b, 'SELECT md.current_desk()')).toBe('M0001');
      // A failed attach leaves the connection as it was: unattached.
      expect(await stateOf(b, 'SELECT md.attach_desk($1, $2)', [deskA.id, 'wrong token'])).toBe('M0003');
      expect(await stateOf(b, 'SELECT md.current_desk()')).toBe('M0001');
    });
  });

  describeJournalStoreContract('PostgreSQL team ledger owned by a plain login', () =>
    pgHarness(cluster(), {}, { owner: 'plain' }),
  );
});
