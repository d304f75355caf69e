import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';

const live = { profileId: 'p-live', environment: 'live' as const };
const withdrawal = {
  ...live,
  requestBody: { network: 'tron', coin: 'usdt', amount: '7', to_address: 'TFeed' },
};

describeWithPg('team ledger: intents, claims and the change feed', (cluster) => {
  let team: PgTeam;
  const stores: PgJournalStore[] = [];
  const open = async (name: string) => {
    const desk = await team.seedDesk(name);
    const store = await openPgJournalStore(team.config('fay'), { deskId: desk.id, deskToken: desk.token });
    stores.push(store);
    return store;
  };
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'feed');
    await team.person('fay', 'operator');
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await team.close();
  });

  it('an intent is recorded but not shown as an entry until a desk claims it; a claim is claimed once', async () => {
    const a = await open('Desk A');
    const b = await open('Desk B');
    const id = await a.createIntent('createWithdrawal', withdrawal);
    expect(await b.get(id)).toBeNull();
    expect((await b.page({}, { offset: 0, limit: 10 })).total).toBe(0);
    expect(await b.findUnknown()).toEqual([]);
    // An intent does not hold back a begin (nothing was sent), but a claim is checked like a begin.
    const begun = await b.begin('createWithdrawal', withdrawal);
    await expect(a.claim(id)).rejects.toMatchObject({ kind: 'duplicate-withdrawal' });
    await b.settle(begun, { outcome: 'rejected' });
    expect(await a.claim(id)).toMatchObject({ id, state: 'sending' });
    await expect(b.claim(id)).rejects.toMatchObject({
      kind: 'journal-conflict',
      message: expect.stringMatching(/already claimed by desk "Desk A" at \d{4}-.*Z \(fay\)/),
    });
    await expect(b.claim(id + 100)).rejects.toMatchObject({ kind: 'journal-not-found' });
    expect((await a.events(id)).map((e) => e.type)).toEqual(['intent', 'claim']);
    expect((await a.verifyChain()).ok).toBe(true);
  });

  it('every change is announced at commit as change_seq:id, and catch-up by change_seq finds them in order', async () => {
    const listener = new pg.Client(team.config('fay'));
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN md_changes');
    const a = await open('Desk A');
    const first = await a.begin('createWithdrawal', withdrawal);
    await a.settle(first, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-f' } });
    const second = await a.begin('createInvoice', { ...live, requestBody: { order_id: 'F-1', amount: '2' } });
    // A refused change announces nothing.
    await expect(a.settle(first, { outcome: 'rejected' })).rejects.toMatchObject({
      kind: 'journal-illegal-transition',
    });
    await expect.poll(() => heard.length).toBe(3);
    const parsed = heard.map((h) => h.split(':').map(Number) as [number, number]);
    expect(parsed.map(([, id]) => id)).toEqual([first, first, second]);
    expect(parsed.map(([seq]) => seq)).toEqual([...parsed.map(([seq]) => seq)].sort((x, y) => x - y));
    // A desk that heard only the first catches up from there: what changed since, newest state each.
    const since = parsed[0]![0];
    const caught = await listener.query<{ id: string; state: string }>(
      'SELECT id, state FROM md.entries WHERE change_seq > $1 ORDER BY change_seq LIMIT 100',
      [since],
    );
    expect(caught.rows.map((r) => [Number(r.id), r.state])).toEqual([
      [first, 'accepted'],
      [second, 'sending'],
    ]);
    await listener.end();
  });

  it("a dead desk's claim stays claimed until another desk marks it unknown, and only once that desk is gone", async () => {
    const a = await open('Desk A');
    const b = await open('Desk B');
    const id = await a.begin('createWithdrawal', withdrawal);
    // Young, and desk A is connected: it may be waiting for the answer.
    await expect(b.markAbandoned(id)).rejects.toMatchObject({ kind: 'journal-conflict' });
    await team.admin(
      "UPDATE md.entries SET claimed_at = '2026-01-01T00:00:00.000Z' WHERE id = $1", // older than two minutes
      [id],
    );
    await expect(b.markAbandoned(id)).rejects.toMatchObject({
      message: expect.stringMatching(/Desk "Desk A" is still connected/),
    });
    await expect(a.markAbandoned(id)).rejects.toMatchObject({ kind: 'journal-illegal-transition' });
    // Desk A dies (its connections end): the claim is now another desk's to mark unknown, never to resend.
    await a.close();
    // The server frees a connection's locks as its backend exits, a moment after the socket closes.
    await expect
      .poll(() =>
        b.markAbandoned(id).then(
          (e) => e.state,
          (e: Error) => e.message,
        ),
      )
      .toBe('unknown');
    expect((await b.events(id)).map((e) => [e.type, (e.detail as { reason?: string }).reason])).toEqual([
      ['begin', undefined],
      ['recovered', 'desk "Desk A" stopped before the answer was recorded'],
    ]);
    await expect(b.markAbandoned(id)).rejects.toMatchObject({ kind: 'journal-illegal-transition' });
    expect((await b.findUnknown()).map((e) => e.id)).toEqual([id]);
  });
});
