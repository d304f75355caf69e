import { userInfo } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS };
let app: AppHarness;
afterEach(async () => {
  await app.dispose();
});

/** A withdrawal whose answer is lost after the service committed it: the entry is unknown. */
async function unknownWithdrawal(amount: string) {
  app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
  const result = await app.ok('withdrawals:create', { ...withdrawal, amount });
  expect(result.outcome).toBe('unknown');
  return result.journalId;
}

const decision = {
  performed: false,
  reason: 'Not on the service dashboard after the outage.',
  name: 'Dana Ruiz',
};

describe('journal:resolve-many: one decision for several unknown entries', () => {
  it('records each as its own resolution with the same reason and name, and pushes each', async () => {
    app = await startAppHarness();
    const ids = [await unknownWithdrawal('10'), await unknownWithdrawal('11'), await unknownWithdrawal('12')];
    const { results } = await app.ok('journal:resolve-many', { ids, ...decision });
    expect(results.map((r) => [r.id, r.ok])).toEqual(ids.map((id) => [id, true]));
    for (const id of ids) {
      const { entry, timeline } = await app.ok('journal:entry', { id });
      expect(entry.state).toBe('resolved-not-performed');
      // Its own resolve event in the chain, not one shared row.
      expect(timeline.filter((e) => e.type === 'resolve')).toEqual([
        expect.objectContaining({
          // The OS user main read, with the typed name as a note (issue 26.2).
          detail: expect.objectContaining({
            by: 'person',
            person: `${userInfo().username} (wrote: Dana Ruiz)`,
          }),
        }),
      ]);
      expect(app.events).toContainEqual({ channel: 'journal:changed', payload: entry });
    }
    expect((await app.ok('journal:verify-chain', {})).ok).toBe(true);
  });

  it('a partial failure names the entries not resolved and still resolves the others', async () => {
    app = await startAppHarness();
    const unknown = await unknownWithdrawal('10');
    const settled = (await app.ok('withdrawals:create', { ...withdrawal, amount: '13' })).journalId;
    const { results } = await app.ok('journal:resolve-many', {
      ids: [settled, unknown, '999999'],
      ...decision,
    });
    expect(results).toEqual([
      { id: settled, ok: false, message: expect.stringMatching(/only unknown entries are/) },
      { id: unknown, ok: true, entry: expect.objectContaining({ state: 'resolved-not-performed' }) },
      { id: '999999', ok: false, message: 'There is no journal entry 999999 for this profile.' },
    ]);
    const after = await app.ok('journal:entry', { id: settled });
    expect(after.entry.state).toBe('accepted');
  });

  it('refuses at the boundary: no entries, a repeated entry, a short reason', async () => {
    app = await startAppHarness();
    const id = await unknownWithdrawal('10');
    for (const bad of [
      { ids: [], ...decision },
      { ids: [id, id], ...decision },
      { ids: [id], ...decision, reason: 'ok' },
    ]) {
      expect(await app.call('journal:resolve-many', bad)).toMatchObject({
        ok: false,
        error: { kind: 'invalid-request' },
      });
    }
    expect((await app.ok('journal:entry', { id })).entry.state).toBe('unknown');
  });
});
