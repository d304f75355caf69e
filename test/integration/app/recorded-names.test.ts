import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS };
// The OS user main reads; the page cannot name anyone else as who decided.
const OS_USER = 'jdoe';

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness({ osUser: () => OS_USER });
});
afterEach(async () => {
  await app.dispose();
});

/** A withdrawal whose answer is lost after the service committed it: the entry is unknown. */
async function unknownWithdrawal(amount = '10') {
  app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
  const result = await app.ok('withdrawals:create', { ...withdrawal, amount });
  expect(result.outcome).toBe('unknown');
  return result.journalId;
}

const resolvedBy = async (id: string) =>
  (await app.ok('journal:entry', { id })).timeline.find((e) => e.type === 'resolve')?.detail;

describe('who resolved an unknown entry is the signed-in OS user, whatever the page sends', () => {
  it('records the OS user, with the name the page sent only as a note beside it', async () => {
    const id = await unknownWithdrawal();
    await app.ok('journal:resolve', {
      id,
      performed: true,
      reason: 'Seen as sent on the service dashboard.',
      name: 'The Treasurer',
    });
    expect(await resolvedBy(id)).toMatchObject({ by: 'person', person: 'jdoe (wrote: The Treasurer)' });
  });

  it('records the OS user when the page sends no name, and for each of several entries', async () => {
    const one = await unknownWithdrawal('10');
    await app.ok('journal:resolve', { id: one, performed: false, reason: 'Not on the dashboard.' });
    expect(await resolvedBy(one)).toMatchObject({ person: 'jdoe' });
    const many = [await unknownWithdrawal('11'), await unknownWithdrawal('12')];
    await app.ok('journal:resolve-many', { ids: many, performed: false, reason: 'Not there.', name: 'jdoe' });
    for (const id of many) expect(await resolvedBy(id)).toMatchObject({ person: 'jdoe' });
  });
});

describe('who started and closed a reconciliation is the signed-in OS user', () => {
  it('records the OS user as who started, reviewed and closed, the typed names as notes', async () => {
    const to = new Date().toISOString();
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const started = await app.ok('reconcile:start', { from, to });
    expect(started.startedBy).toBe(OS_USER);
    expect((await app.ok('reconcile:list')).sessions[0]).toMatchObject({ startedBy: OS_USER });
    // No balance was seen a day ago: the period's start is a coverage gap to note.
    const item = started.items.find((i) => i.kind === 'coverage-gap')!;
    const reviewed = await app.ok('reconcile:review', {
      id: started.id,
      itemKey: item.key,
      note: 'checked against the bank statement',
      name: 'Someone Else',
    });
    expect(reviewed.items.find((i) => i.key === item.key)?.review?.by).toBe('jdoe (wrote: Someone Else)');
    const closed = await app.ok('reconcile:close', {
      id: started.id,
      name: 'Someone Else',
      note: 'month closed',
      withExceptions: true,
    });
    expect(closed.closed).toMatchObject({ by: 'jdoe (wrote: Someone Else)' });
    expect(closed.startedBy).toBe(OS_USER);
    expect((await app.ok('reconcile:list')).sessions[0]?.closed).toMatchObject({
      by: 'jdoe (wrote: Someone Else)',
    });
    expect((await app.ok('journal:verify-chain', {})).ok).toBe(true);
  });
});
