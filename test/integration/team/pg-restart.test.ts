import { afterEach, beforeEach, expect, it } from 'vitest';
import { NotRecordedError } from '@main/storage/port/errors';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';

const withdrawal = {
  profileId: 'p-live',
  environment: 'live' as const,
  requestBody: { network: 'tron', coin: 'usdt', amount: '3', to_address: 'TRestart' },
};

describeWithPg('team ledger: the server goes away and comes back', (cluster) => {
  let team: PgTeam;
  let store: PgJournalStore | undefined;
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'restart');
    await team.person('rob', 'operator');
  });
  afterEach(async () => {
    cluster().start();
    await store?.close();
    await team.close().catch(() => {});
  });

  it('an answer that cannot reach the server is held (NotRecordedError), then recorded at the next open', async () => {
    const desk = await team.seedDesk('Desk R');
    const open = (held: { journalId: number; input: { outcome: 'accepted' } }[] = []) =>
      openPgJournalStore(team.config('rob'), { deskId: desk.id, deskToken: desk.token, heldAnswers: held });
    store = await open();
    const id = await store.begin('createWithdrawal', withdrawal);
    // The server crashes while the request is out; its answer comes back to a desk with no server.
    cluster().stop('immediate');
    const failure = await store.settle(id, { outcome: 'accepted' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NotRecordedError);
    expect((failure as Error).message).toMatch(/server cannot be reached.*keeps the answer/);
    // Nothing else is sent meanwhile: a begin is refused in words, not recorded somewhere else.
    await expect(
      store.begin('createWithdrawal', {
        ...withdrawal,
        requestBody: { ...withdrawal.requestBody, amount: '4' },
      }),
    ).rejects.toMatchObject({
      kind: 'journal-write-failed',
      message: expect.stringMatching(/Nothing was sent/),
    });
    await store.close();
    cluster().start();
    // The desk restarts with the held answer: it is recorded before recovery could call the send unknown.
    store = await open([{ journalId: id, input: { outcome: 'accepted' } }]);
    expect(store.settledAtOpen).toEqual([id]);
    expect(store.recovered).toEqual([]);
    expect((await store.get(id))?.state).toBe('accepted');
    expect((await store.verifyChain()).ok).toBe(true);
  });

  it('an open store reconnects by itself once the server is back', async () => {
    const desk = await team.seedDesk('Desk S');
    store = await openPgJournalStore(team.config('rob'), { deskId: desk.id, deskToken: desk.token });
    const first = await store.begin('createWithdrawal', withdrawal);
    cluster().stop('fast');
    await expect(store.get(first)).rejects.toMatchObject({ kind: 'journal-write-failed' });
    cluster().start();
    await store.settle(first, { outcome: 'rejected' });
    expect((await store.get(first))?.state).toBe('rejected');
  });
});
