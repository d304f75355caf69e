import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { startLiveSync, type LiveSync } from '@main/team/live-sync';
import { openLocalCopy, type LocalCopy } from '@main/team/local-copy';
import { openSqliteTeamCopy } from '@main/storage/sqlite/team-copy';
import { gateTeamStore, offlineView } from '@main/team/team-gate';
import { createPgTeam, describeWithPg, type PgTeam } from '@test/helpers/pg-team';

async function until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const invoice = (orderId: string) => ({
  profileId: 'sandbox',
  environment: 'sandbox' as const,
  requestBody: { order_id: orderId, amount: '25.00', currency: 'USD' },
});

describeWithPg(
  'a team desk offline: reads from its copy, claims/sends/resolves refused in words',
  (cluster) => {
    let team: PgTeam;
    let dir: string;
    let copy: LocalCopy;
    let sync: LiveSync;
    let store: PgJournalStore;
    let away = false;

    beforeEach(async () => {
      team = await createPgTeam(cluster());
      await team.person('otto', 'operator');
      const desk = await team.seedDesk('Front desk');
      dir = mkdtempSync(join(tmpdir(), 'md-gate-'));
      copy = openLocalCopy(openSqliteTeamCopy(join(dir, 'team-copy.sqlite')));
      away = false;
      sync = startLiveSync({
        connect: async () => {
          if (away) throw new Error('connect ECONNREFUSED (the test keeps this desk away)');
          const client = new pg.Client(team.config('otto'));
          await client.connect();
          return client;
        },
        copy,
        retryMs: 50,
      });
      store = gateTeamStore(
        await openPgJournalStore(
          { ...team.config('otto'), max: 2 },
          { deskId: desk.id, deskToken: desk.token },
        ),
        sync,
      );
    });
    afterEach(async () => {
      await sync.stop();
      await store.close();
      copy.close();
      rmSync(dir, { recursive: true, force: true });
      await team.close();
    });

    it('sends while the server is there; away, refuses to begin and shows its copy as of the last sync', async () => {
      await until('the desk to be live', () => sync.status().state === 'live');
      const id = await store.begin('createInvoice', invoice('order-1'));
      await until('the entry in the copy', () => copy.entry(id) !== null);

      away = true;
      await team.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'otto'");
      await until('the desk to know it is offline', () => sync.status().state === 'offline');

      const refused = store.begin('createInvoice', invoice('order-2'));
      await expect(refused).rejects.toMatchObject({
        kind: 'journal-locked',
        message: expect.stringContaining(
          'The team ledger is unreachable: nothing can be sent until it is back',
        ),
      });
      await expect(
        store.resolve(id, { by: 'person', performed: true, reason: 'seen' }),
      ).rejects.toMatchObject({
        kind: 'journal-locked',
      });

      const view = offlineView(copy);
      expect(view.asOf()).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(view.get(id)).toMatchObject({
        id,
        operation: 'createInvoice',
        orderId: 'order-1',
        state: 'sending',
      });
      expect(view.recent().map((e) => e.id)).toEqual([id]);

      away = false;
      await until('the desk to be back', () => sync.status().state === 'live');
      const count = await team.admin<{ n: number }>('SELECT count(*)::int AS n FROM md.entries');
      expect(count.rows[0]?.n).toBe(1);
    });
  },
);
