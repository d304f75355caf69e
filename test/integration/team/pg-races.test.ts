import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';

const ROUNDS = 20;
const live = { profileId: 'p-live', environment: 'live' as const };
const withdrawal = (to: string) => ({
  ...live,
  requestBody: { network: 'tron', coin: 'usdt', amount: '40.00', to_address: to },
});

/** Each round's outcome, printed for the closing note. */
const results: string[] = [];

// Also with the ledger owned by a plain login (CREATEROLE only: not superuser, not pg_read_all_stats),
// as the server guide's first admin makes it: the desks' attachments must not need more.
const OWNERS = ['superuser', 'plain'] as const;

describeWithPg('team ledger races (real PostgreSQL, no mocks)', (cluster) => {
  for (const owner of OWNERS)
    describe(`owned by ${owner === 'plain' ? 'a plain login' : 'the superuser'}`, () => {
      let team: PgTeam;
      let desks: { desk: SeededDesk; store: PgJournalStore }[];

      beforeAll(async () => {
        team = await createPgTeam(cluster(), 'races', { owner });
        await team.person('rita', 'operator');
        desks = [];
        for (let i = 1; i <= 8; i++) {
          const desk = await team.seedDesk(`Desk ${i}`);
          // Three connections per desk for its three claims at once, plus the one that holds its presence.
          const store = await openPgJournalStore(
            { ...team.config('rita'), max: 4 },
            { deskId: `desk-${desk.id}`, deskToken: desk.token },
          );
          desks.push({ desk, store });
        }
      }, 60_000);
      afterAll(async () => {
        for (const { store } of desks ?? []) await store.close();
        await team?.close();
        if (results.length) console.log(results.join('\n'));
      });

      it(`24 concurrent claims of one intent from 8 desks: exactly one wins, ${ROUNDS} rounds out of ${ROUNDS}`, async () => {
        const winners = new Map<string, number>();
        for (let round = 1; round <= ROUNDS; round++) {
          const id = await desks[round % 8]!.store.createIntent(
            'createWithdrawal',
            withdrawal(`TRace${round}`),
          );
          const attempts = desks.flatMap(({ desk, store }) =>
            [1, 2, 3].map(() => store.claim(id).then(() => desk.name)),
          );
          const outcomes = await Promise.allSettled(attempts);
          const won = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value);
          expect(won).toHaveLength(1);
          const winner = won[0]!;
          winners.set(winner, (winners.get(winner) ?? 0) + 1);
          // Every loser is told who holds it, and nothing of theirs was recorded.
          for (const o of outcomes) {
            if (o.status === 'fulfilled') continue;
            expect(o.reason).toMatchObject({ kind: 'journal-conflict' });
            expect(String((o.reason as Error).message)).toContain(`claimed by desk "${winner}"`);
          }
          const row = await team.admin<{ state: string; name: string }>(
            'SELECT e.state, d.name FROM md.entries e JOIN md.desks d ON d.id = e.claimed_by WHERE e.id = $1',
            [id],
          );
          expect(row.rows).toEqual([{ state: 'sending', name: winner }]);
          const claims = await team.admin(
            "SELECT count(*)::int AS n FROM md.events WHERE entry_id = $1 AND type = 'claim'",
            [id],
          );
          expect(claims.rows[0]?.n).toBe(1);
          // The claimed withdrawal is now in flight: its answer closes it so the next round starts clean.
          const holder = desks.find((d) => d.desk.name === winner)!;
          await holder.store.settle(id, { outcome: 'rejected', error: { message: 'round over' } });
        }
        results.push(
          `claim race: ${ROUNDS} rounds x 24 claims (8 desks x 3): exactly one winner every round; wins by desk: ${[
            ...winners,
          ]
            .map(([d, n]) => `${d}=${n}`)
            .join(', ')}`,
        );
        expect((await desks[0]!.store.verifyChain()).ok).toBe(true);
      });

      it(`two desks submitting the identical withdrawal at once: exactly one refused, ${ROUNDS} rounds out of ${ROUNDS}`, async () => {
        let refusedA = 0;
        for (let round = 1; round <= ROUNDS; round++) {
          const to = `TSame${round}-${randomUUID().slice(0, 8)}`;
          const [a, b] = [desks[round % 8]!, desks[(round + 3) % 8]!];
          const outcomes = await Promise.allSettled([
            a.store.begin('createWithdrawal', withdrawal(to)),
            // The same withdrawal typed differently (case, spacing, trailing zero): still the same one.
            b.store.begin('createWithdrawal', {
              ...live,
              requestBody: {
                network: 'TRON',
                coin: 'USDT',
                amount: '40.0',
                to_address: ` ${to.toLowerCase()} `,
              },
            }),
          ]);
          const refused = outcomes.filter((o) => o.status === 'rejected');
          expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
          expect(refused).toHaveLength(1);
          expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
            kind: 'duplicate-withdrawal',
          });
          if (outcomes[0]!.status === 'rejected') refusedA += 1;
          const sent = await team.admin(
            "SELECT count(*)::int AS n FROM md.entries WHERE lower(trim(to_address)) = lower($1) AND state = 'sending'",
            [to],
          );
          expect(sent.rows[0]?.n).toBe(1);
        }
        results.push(
          `duplicate race: ${ROUNDS} rounds, two desks at once: one recorded and one refused every round (first desk refused ${refusedA} times, second ${ROUNDS - refusedA})`,
        );
      });
    });
});
