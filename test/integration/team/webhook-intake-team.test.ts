import { expect, it } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import { describeWithPg } from '../../helpers/pg-team';
import { apiKey, live, useIntakeDesks } from './intake-desks';

const withdrawal = {
  ...live,
  requestBody: { network: 'tron', coin: 'usdt', amount: '40', to_address: 'TIntake1' },
};
const success = (withdrawalId: string) => {
  const rawBody = JSON.stringify({ event: 'withdrawal.success', data: { withdrawal_id: withdrawalId } });
  return { rawBody, signature: signWebhookBody(rawBody, apiKey) };
};

/**
 * Issue 27, item 7 end to end: each desk's own webhook intake (as main composes it) over the team's
 * journal and webhook log. A verified delivery applied by any desk settles the entry for all.
 */
describeWithPg('webhook intake on the team ledger', (cluster) => {
  const desks = useIntakeDesks(cluster, 'intake');
  const desk = desks.desk;

  it('the same delivery taken in by two desks at once settles the entry once, for both', async () => {
    const a = await desk('Desk A');
    const b = await desk('Desk B');
    const id = await a.journal.begin('createWithdrawal', withdrawal);
    await a.journal.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-1' } });
    const [onA, onB] = await Promise.all([
      a.intake.ingest({ ...success('wd-1'), source: 'receiver' }),
      b.intake.ingest({ ...success('wd-1'), source: 'pasted' }),
    ]);
    expect([onA.verified, onB.verified]).toEqual([true, true]);
    for (const journal of [a.journal, b.journal])
      expect(await journal.get(id)).toMatchObject({ state: 'accepted', settlement: 'completed' });
    // Applied once: one webhook event on the entry, one delivery holding the fact, the other a duplicate.
    expect((await b.journal.events(id)).filter((e) => e.type === 'webhook')).toHaveLength(1);
    const logged = await b.log.list(live.profileId);
    expect(logged.map((d) => d.duplicate).sort()).toEqual([false, true]);
    // Both name the entry, whether the second desk was turned away before applying or by the server.
    expect(logged.map((d) => d.appliedTo)).toEqual([String(id), String(id)]);
    expect((await a.journal.verifyChain()).ok).toBe(true);
  });

  it('a delivery parked on one desk is applied by another once the entry is known there', async () => {
    const a = await desk('Desk A');
    const b = await desk('Desk B');
    const id = await a.journal.begin('createWithdrawal', withdrawal);
    // The webhook reaches desk B before desk A has recorded the answer that names the withdrawal.
    const early = await b.intake.ingest({ ...success('wd-2'), source: 'receiver' });
    expect(early.appliedTo).toBeNull();
    expect(await a.log.parked()).toEqual([{ id: early.id, profileId: live.profileId, ...success('wd-2') }]);
    await a.journal.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-2' } });
    // Desk A's intake replays what the team has parked, B's delivery included.
    expect(await a.intake.replayParked()).toBe(1);
    expect(await b.log.parked()).toEqual([]);
    // Verified again with the key before it was applied, and its signature is not kept past that.
    const kept = await desks
      .team()
      .admin('SELECT signature, raw_body FROM md.webhook_deliveries WHERE id = $1', [early.id]);
    expect(kept.rows).toEqual([{ signature: null, raw_body: null }]);
    expect(await b.journal.get(id)).toMatchObject({ settlement: 'completed' });
    expect(await b.log.hasSettled('withdrawal:wd-2:withdrawal.success')).toBe(true);
    // A late copy on either desk is a duplicate, and changes nothing.
    const late = await b.intake.ingest({ ...success('wd-2'), source: 'pasted' });
    expect(late).toMatchObject({ duplicate: true, rejection: 'duplicate' });
    expect((await a.log.list(live.profileId))[0]).toMatchObject({ id: late.id, appliedTo: String(id) });
    expect((await a.journal.events(id)).filter((e) => e.type === 'webhook')).toHaveLength(1);
  });
});
