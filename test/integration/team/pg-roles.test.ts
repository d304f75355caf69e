import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';

const live = { profileId: 'p-live', environment: 'live' as const };
const withdrawal = (amount = '10') => ({
  ...live,
  requestBody: { network: 'tron', coin: 'usdt', amount, to_address: 'TRoles1' },
});

async function rejection(
  promise: Promise<unknown>,
): Promise<{ code?: string; kind?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; kind?: string; message: string };
  }
  throw new Error('expected a refusal');
}

describeWithPg('team ledger roles: desks run functions, not updates', (cluster) => {
  let team: PgTeam;
  let deskA: SeededDesk;
  let deskB: SeededDesk;
  const stores: PgJournalStore[] = [];
  const open = async (desk: SeededDesk, person: string) => {
    const store = await openPgJournalStore(team.config(person), { deskId: desk.id, deskToken: desk.token });
    stores.push(store);
    return store;
  };

  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'roles');
    await team.person('vera', 'viewer');
    await team.person('omar', 'operator');
    deskA = await team.seedDesk('Desk A');
    deskB = await team.seedDesk('Desk B');
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await team.close();
  });

  it('a viewer reads the ledger but cannot run begin_entry', async () => {
    const operator = await open(deskA, 'omar');
    const id = await operator.begin('createWithdrawal', withdrawal());
    const viewer = await open(deskB, 'vera');
    expect((await viewer.get(id))?.state).toBe('sending');
    expect((await viewer.page({}, { offset: 0, limit: 10 })).total).toBe(1);
    expect((await viewer.verifyChain()).ok).toBe(true);
    const refused = await rejection(viewer.begin('createWithdrawal', withdrawal('11')));
    expect(refused.kind).toBe('journal-locked');
    const raw = await team.deskClient(deskB, 'vera', 'viewer');
    expect(
      (
        await rejection(
          raw.query(
            'SELECT md.begin_entry(\'createInvoice\', \'p\', \'live\', \'{"order_id":"o","amount":"1"}\', NULL, NULL)',
          ),
        )
      ).code,
    ).toBe('42501');
  });

  it('an operator cannot change a table directly, only through the functions', async () => {
    const store = await open(deskA, 'omar');
    const id = await store.begin('createWithdrawal', withdrawal());
    const raw = await team.deskClient(deskA, 'omar', 'operator');
    for (const sql of [
      "UPDATE md.entries SET state = 'accepted' WHERE id = $1",
      'DELETE FROM md.entries WHERE id = $1',
      'DELETE FROM md.events WHERE entry_id = $1',
      'UPDATE md.desks SET revoked_at = NULL WHERE $1::bigint > 0',
      "INSERT INTO md.applied_webhooks VALUES ('k', $1, 1)",
    ])
      expect((await rejection(raw.query(sql, [id]))).code).toBe('42501');
    expect((await rejection(raw.query('SELECT md.entry_changed($1, $2, $3)', [id, 'x', '{}']))).code).toBe(
      '42501',
    );
    expect((await store.get(id))?.state).toBe('sending');
    expect((await store.verifyChain()).ok).toBe(true);
  });

  it('a desk cannot settle another desk’s claim; any desk may resolve an unknown one', async () => {
    const a = await open(deskA, 'omar');
    const b = await open(deskB, 'omar');
    const id = await a.begin('createWithdrawal', withdrawal());
    const refused = await rejection(b.settle(id, { outcome: 'accepted' }));
    expect(refused.kind).toBe('journal-conflict');
    expect(refused.message).toMatch(/being sent by desk "Desk A"; only that desk records its answer/);
    await a.settle(id, { outcome: 'unknown' });
    // Shown on every desk as sent by desk A, outcome unknown, until a person or the webhook resolves it.
    expect((await b.findUnknown()).map((e) => e.id)).toEqual([id]);
    const resolved = await b.resolve(id, {
      by: 'person',
      person: 'Omar',
      performed: true,
      reason: 'on the statement',
    });
    expect(resolved).toMatchObject({ state: 'resolved-performed', settlement: 'pending' });
    const seen = await a.provenance(id);
    expect(seen?.claim).toMatchObject({ deskId: deskA.id, desk: 'Desk A', person: 'omar' });
    expect(seen?.steps.map((s) => `${s.type} by ${s.desk} (${s.person})`)).toEqual([
      'begin by Desk A (omar)',
      'settle by Desk A (omar)',
      'resolve by Desk B (omar)',
    ]);
    expect(await a.provenance(id + 100)).toBeNull();
    const who = await team.admin<{ type: string; name: string; person: string }>(
      'SELECT e.type, d.name, e.person FROM md.events e JOIN md.desks d ON d.id = e.desk_id WHERE entry_id = $1 ORDER BY seq',
      [id],
    );
    expect(who.rows).toEqual([
      { type: 'begin', name: 'Desk A', person: 'omar' },
      { type: 'settle', name: 'Desk A', person: 'omar' },
      { type: 'resolve', name: 'Desk B', person: 'omar' },
    ]);
  });

  it('a revoked desk is refused on its next call, and cannot attach again', async () => {
    const store = await open(deskA, 'omar');
    await store.begin('createWithdrawal', withdrawal());
    await team.admin(
      "UPDATE md.desks SET revoked_at = now(), revoked_by = 'postgres', revoke_reason = 'laptop lost' WHERE id = $1",
      [deskA.id],
    );
    const refused = await rejection(store.begin('createWithdrawal', withdrawal('12')));
    expect(refused).toMatchObject({ kind: 'journal-locked' });
    expect(refused.message).toMatch(/Desk "Desk A" was revoked/);
    await expect(open(deskA, 'omar')).rejects.toMatchObject({ kind: 'journal-locked' });
    const raw = new pg.Client(team.config('omar'));
    await raw.connect();
    expect((await rejection(raw.query('SELECT md.attach_desk($1, $2)', [deskA.id, deskA.token]))).code).toBe(
      'M0002',
    );
    await raw.end();
  });
});
