import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import type { AppHarness } from '../../helpers/app-harness';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { joinedDesk } from './joined-desk';

// Migration 012: a policy draft saved or published anywhere reaches every desk as team:changed, which
// the policy editor follows (issue 28).

describeWithPg('another desk’s policy draft or publication reaches this desk (issue 28)', (cluster) => {
  let team: PgTeam;
  let adam: pg.Client;
  let desk: AppHarness;
  const changes = () => desk.events.filter((e) => e.channel === 'team:changed').length;
  beforeAll(async () => {
    team = await createPgTeam(cluster(), 'policynotice');
    await team.person('anna', 'admin');
    adam = await team.deskClient(await team.seedDesk('Admin desk'), 'adam', 'admin');
    desk = await joinedDesk(team, 'anna', 'Front office');
  }, 60_000);
  afterAll(async () => {
    await desk?.dispose();
    await team?.close();
  });

  it('saving a draft and publishing it each announce a team change; the policy read then shows them', async () => {
    // The join's own notices settle first.
    let settled = changes();
    await expect
      .poll(
        async () => {
          const now = changes();
          const same = now === settled;
          settled = now;
          return same;
        },
        { interval: 300, timeout: 10_000 },
      )
      .toBe(true);
    const before = changes();
    const draft = await adam.query<{ id: string }>('SELECT md.save_policy_draft($1, $2) AS id', [
      JSON.stringify([{ name: 'four eyes', action: 'require', approvals: 1 }]),
      'from another desk',
    ]);
    await expect.poll(changes, { timeout: 10_000 }).toBeGreaterThan(before);
    expect((await desk.ok('approvals:policy-get')).draft?.id).toBe(draft.rows[0]!.id);

    const afterDraft = changes();
    await adam.query('SELECT md.publish_policy($1)', [draft.rows[0]!.id]);
    await expect.poll(changes, { timeout: 10_000 }).toBeGreaterThan(afterDraft);
    expect((await desk.ok('approvals:policy-get')).published?.version).toBe(1);
  });
});
