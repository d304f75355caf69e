import { randomBytes } from 'node:crypto';
import { addressFromBytes } from '@shared/domain/address/encode';
import { pgUnavailable, startPgCluster, type PgCluster } from '@test/helpers/pg-cluster';
import { createPgTeam, type PgTeam } from '@test/helpers/pg-team';
import { expect, test } from '../fixtures';
import { sendWithdrawal } from '../flows';
import { closeTeamDesks, joinTeam, openTeamDesk, type TeamDesk } from '../team-desk';
import { shootBoth } from '../states';

const RECIPIENT = addressFromBytes('tron', randomBytes);
const SIZES = [
  [1280, 720],
  [960, 600],
] as const;

test.describe('two desks of one team (issue 27)', () => {
  const reason = pgUnavailable();
  test.skip(reason !== null && !process.env.CI, `needs PostgreSQL: ${reason}`);

  let cluster: PgCluster | undefined;
  let team: PgTeam;
  const desks: TeamDesk[] = [];
  test.beforeAll(async () => {
    cluster = startPgCluster();
    team = await createPgTeam(cluster, 'e2e');
    await team.person('ada', 'admin');
    await team.person('bob', 'operator');
  });
  test.afterAll(async () => {
    await closeTeamDesks(desks);
    await team?.close();
    cluster?.destroy();
  });

  test('desk A sends a withdrawal, desk B sees it live with who sent it, and B’s identical one is refused naming A’s entry', async ({
    lazyBrowser,
  }, testInfo) => {
    testInfo.skip(testInfo.project.name === 'electron', 'two desks need two test hosts');
    const browser = await lazyBrowser.get();
    const a = await openTeamDesk(browser);
    const b = await openTeamDesk(browser);
    desks.push(a, b);

    await a.page.getByTestId('nav-settings').click();
    await expect(a.page.getByTestId('team-join')).toBeVisible();
    for (const [width, height] of SIZES) {
      await a.page.setViewportSize({ width, height });
      await a.page.getByTestId('team-settings').scrollIntoViewIfNeeded();
      await shootBoth(a.page, `team-join-${width}x${height}`);
    }
    await a.page.setViewportSize({ width: 1280, height: 720 });
    await joinTeam(a, team, 'ada', 'Desk A', { testFirst: true });
    await expect(a.page.getByTestId('team-desks')).toContainText('Desk A');
    await joinTeam(b, team, 'bob', 'Desk B', { testFirst: true });
    // Desk A's open list learns of desk B by itself: the server announces the enrollment (md_team).
    await expect(a.page.getByTestId('team-desks')).toContainText('Desk B');
    // So does the treasury desks' list below it (issue 28 item 4).
    await expect(a.page.getByTestId('team-treasury')).toContainText('Desk B');
    for (const [width, height] of SIZES) {
      await a.page.setViewportSize({ width, height });
      await a.page.getByTestId('team-settings').scrollIntoViewIfNeeded();
      await shootBoth(a.page, `team-settings-admin-${width}x${height}`);
      // An admin ticks approver and auditor beside each person's level (issue 28 item 1).
      await a.page.getByTestId('team-people').scrollIntoViewIfNeeded();
      await expect(a.page.getByTestId('role-approver-bob')).not.toBeChecked();
      await shootBoth(a.page, `team-people-admin-${width}x${height}`);
    }
    await a.page.setViewportSize({ width: 1280, height: 720 });

    // B has its Journal open before A sends: what A records must arrive by itself.
    await b.page.getByTestId('nav-journal').click();
    await sendWithdrawal(a.page, '17.25', RECIPIENT);
    await expect(a.page.getByTestId('withdrawal-accepted')).toBeVisible();
    const sent = await team.admin<{ id: string; created_by: string }>(
      'SELECT id::text, created_by FROM md.entries ORDER BY id DESC LIMIT 1',
    );
    const entryId = sent.rows[0]!.id;
    expect(sent.rows[0]!.created_by).toBe('ada');
    // On the withdrawal's own row: who made it and which desk holds its send, asked when opened.
    const mine = a.page.getByTestId('withdrawal-who').first();
    await mine.getByText('Who made, sent and settled it').click();
    await expect(mine.getByTestId('team-who-claim')).toContainText('Sent from desk “Desk A” by ada');

    // The Journal keeps its place while entries arrive and offers them: the offer is the live change.
    await expect(b.page.getByText('1 new entry since this list was opened.')).toBeVisible();
    await b.page.getByRole('button', { name: 'Show it' }).click();
    const row = b.page.getByTestId('journal-row').filter({ hasText: '17.25' }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button').first().click();
    const who = b.page.getByTestId('team-who');
    await expect(who.getByTestId('team-who-desk').first()).toHaveText('Desk A');
    await expect(who.getByTestId('team-who-person').first()).toHaveText('ada');
    for (const [width, height] of SIZES) {
      await b.page.setViewportSize({ width, height });
      await who.scrollIntoViewIfNeeded();
      await shootBoth(b.page, `team-entry-who-${width}x${height}`);
    }
    await b.page.setViewportSize({ width: 1280, height: 720 });

    await sendWithdrawal(b.page, '17.25', RECIPIENT);
    await expect(b.page.getByText('Not sent: an identical withdrawal is not finished yet.')).toBeVisible();
    // Main's refusal names A's entry, and the desk, person and time that hold it.
    await expect(b.page.getByTestId('duplicate-holder')).toContainText(
      `An identical withdrawal is already on its way from desk ‘Desk A’`,
    );
    await expect(b.page.getByTestId('duplicate-holder')).toContainText(`by ada; journal entry #${entryId}`);
    for (const [width, height] of SIZES) {
      await b.page.setViewportSize({ width, height });
      await b.page
        .getByText('Not sent: an identical withdrawal is not finished yet.')
        .scrollIntoViewIfNeeded();
      await shootBoth(b.page, `team-duplicate-refused-${width}x${height}`);
    }
    const onServer = await team.admin('SELECT count(*)::int AS n FROM md.entries WHERE amount = $1', [
      '17.25',
    ]);
    expect(onServer.rows[0]!.n).toBe(1);
  });
});
