import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { addressFromBytes } from '@shared/domain/address/encode';
import { pgUnavailable, startPgCluster, type PgCluster } from '@test/helpers/pg-cluster';
import { createPgTeam, type PgTeam } from '@test/helpers/pg-team';
import { expect, test } from '../fixtures';
import { completeWithdrawalInSandbox, fillWithdrawal, reviewWithdrawal } from '../flows';
import { closeTeamDesks, joinTeam, openTeamDesk, type TeamDesk } from '../team-desk';
import { shootBoth } from '../states';

const RECIPIENT = addressFromBytes('tron', randomBytes);
const SIZES = [
  [1280, 720],
  [960, 600],
] as const;
/** A withdrawal's life on its entry, as the team's server recorded it (rate events are its books). */
const LIFE = ['intent', 'approvals.draft', 'approvals.submit', 'approvals.approve', 'claim', 'settle'];

async function shootSizes(page: Page, target: ReturnType<Page['getByTestId']>, name: string) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await shootBoth(page, `${name}-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The entry's steps on this desk's Journal, in order, by the types the server recorded. */
async function timelineOn(page: Page, amount: string): Promise<string[]> {
  await page.getByTestId('nav-journal').click();
  const row = page.getByTestId('journal-row').filter({ hasText: amount }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button').first().click();
  const who = page.getByTestId('team-who');
  await expect(who.locator('li[data-type="webhook"]').first()).toBeVisible();
  return who.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-type') ?? ''));
}

test.describe('four eyes on a withdrawal across two desks (issue 28)', () => {
  const reason = pgUnavailable();
  test.skip(reason !== null && !process.env.CI, `needs PostgreSQL: ${reason}`);

  let cluster: PgCluster | undefined;
  let team: PgTeam;
  let admin: pg.Client;
  const desks: TeamDesk[] = [];
  test.beforeAll(async () => {
    cluster = startPgCluster();
    team = await createPgTeam(cluster, 'e2eapprovals');
    await team.person('anna', 'operator');
    await team.person('bob', 'operator');
    await team.admin('GRANT md_approver TO bob');
    admin = await team.deskClient(await team.seedDesk('Admin desk'), 'adam', 'admin');
    const draft = await admin.query<{ id: string }>('SELECT md.save_policy_draft($1, $2) AS id', [
      JSON.stringify([{ name: 'four eyes', action: 'require', approvals: 1 }]),
      'e2e policy',
    ]);
    await admin.query('SELECT md.publish_policy($1)', [draft.rows[0]!.id]);
  });
  test.afterAll(async () => {
    await closeTeamDesks(desks);
    await team?.close();
    cluster?.destroy();
  });

  test('prepared on desk A, approved and sent on the treasury desk B, settled by webhook; one timeline on both', async ({
    lazyBrowser,
  }, testInfo) => {
    testInfo.skip(testInfo.project.name === 'electron', 'two desks need two test hosts');
    const browser = await lazyBrowser.get();
    const a = await openTeamDesk(browser);
    const b = await openTeamDesk(browser);
    desks.push(a, b);
    await joinTeam(a, team, 'anna', 'Desk A');
    await joinTeam(b, team, 'bob', 'Desk B');
    await admin.query(`SELECT md.set_treasury_desk(id, true) FROM md.desks WHERE name = 'Desk B'`);

    // Desk A prepares it on the Withdrawals screen: under the published policy the same form ends in
    // "Submit … for approval", and nothing is sent; it waits for a second person.
    await fillWithdrawal(a.page, '15.5', RECIPIENT);
    await reviewWithdrawal(a.page, RECIPIENT);
    await a.page.getByRole('button', { name: 'Submit 15.5 USDT for approval' }).click();
    await expect(a.page.getByTestId('withdrawal-submitted')).toContainText('not sent yet');
    const { rows } = await team.admin<{ id: string }>(
      'SELECT entry_id::text AS id FROM md.approval_intents ORDER BY entry_id DESC LIMIT 1',
    );
    const id = rows[0]!.id;

    // Desk B approves it after main's confirmation; approved, it offers Send now (a treasury desk).
    await b.page.getByTestId('nav-approvals').click();
    await b.page.getByTestId(`approve-${id}`).click();
    await expect(b.page.getByTestId('approvals-done')).toHaveText(
      `Withdrawal #${id}: your approval is recorded.`,
    );
    const ready = b.page.getByTestId(`approval-${id}`);
    await expect(ready.getByTestId(`send-ready-${id}`)).toContainText('This is a treasury desk');
    await shootSizes(b.page, ready, 'team-approvals-send-ready');

    // Desk A is no treasury desk: it says which desk sends it, and offers no button.
    await a.page.getByTestId('nav-approvals').click();
    const waiting = a.page.getByTestId(`approval-${id}`);
    await expect(waiting.getByTestId(`send-waiting-${id}`)).toContainText(
      'Waiting for a treasury desk (Desk B)',
    );
    await expect(waiting.getByTestId(`send-${id}`)).toHaveCount(0);
    await shootSizes(a.page, waiting, 'team-approvals-waiting-for-treasury');

    // Settings on desk A says which desk holds the API key, and why this one holds none.
    await a.page.getByTestId('nav-settings').click();
    const keys = a.page.getByTestId('treasury-keys');
    await expect(keys).toContainText('API keys stay on the treasury desks (Desk B)');
    await shootSizes(a.page, keys, 'team-approvals-keys-on-treasury-desks');

    await ready.getByTestId(`send-${id}`).click();
    await expect(b.page.getByTestId('approvals-done')).toHaveText(
      `Withdrawal #${id} is sent: the service accepted it.`,
    );
    const asked = b.host.confirmations.shown.at(-1)!;
    expect(asked.title).toBe(`Send approved withdrawal #${id}?`);
    expect(asked.lines.join('\n')).toContain('prepared by anna; approved by bob (Desk B)');

    const sent = await team.admin<{ withdrawal_id: string }>(
      'SELECT withdrawal_id FROM md.entries WHERE id = $1',
      [id],
    );
    await completeWithdrawalInSandbox(b.page, sent.rows[0]!.withdrawal_id);

    for (const desk of [a, b]) {
      const steps = (await timelineOn(desk.page, '15.5')).filter((t) => t !== 'rate');
      expect(steps.slice(0, LIFE.length)).toEqual(LIFE);
      expect(steps.slice(LIFE.length).every((t) => t === 'webhook')).toBe(true);
      await shootSizes(
        desk.page,
        desk.page.getByTestId('team-who'),
        `team-approvals-timeline-${desk === a ? 'a' : 'b'}`,
      );
    }
  });
});
