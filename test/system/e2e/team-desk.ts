import type { Browser, Page } from '@playwright/test';
import type { PgTeam } from '@test/helpers/pg-team';
import { expect } from './fixtures';
import { startHost, type RunningHost } from './host/server';

/** One desk of a team: a test host of its own (its own data folder and Sandbox) and a page on it. */
export interface TeamDesk {
  host: RunningHost;
  page: Page;
}

export async function openTeamDesk(browser: Browser): Promise<TeamDesk> {
  const host = await startHost({ team: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(host.url);
  return { host, page };
}

/**
 * Settings → Team, as a person fills it with what the admin handed out; `testFirst` presses Test
 * connection before joining, as the guide tells a person to.
 */
export async function joinTeam(
  desk: TeamDesk,
  team: PgTeam,
  person: string,
  deskName: string,
  { testFirst = false } = {},
): Promise<void> {
  const { rows } = await team.admin<{ code: string }>('SELECT md.create_enrollment_code($1) AS code', [
    deskName,
  ]);
  const config = team.config(person);
  const { page } = desk;
  await page.getByTestId('nav-settings').click();
  const form = page.getByTestId('team-join');
  await form.getByLabel('Server').fill(String(config.host));
  await form.getByLabel('Port').fill(String(config.port));
  await form.getByLabel('Database').fill(team.database);
  await form.getByLabel('Your login').fill(person);
  await form.getByLabel('Your password').fill(String(config.password));
  await form.getByLabel('Enrollment code').fill(rows[0]!.code);
  if (testFirst) {
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('team-test-result')).toContainText(`as “${person}”`);
  }
  await form.getByRole('button', { name: 'Join the team…' }).click();
  await expect(page.getByTestId('team-status')).toContainText('Team · online');
  expect(desk.host.confirmations.shown.at(-1)?.title).toBe('Record this desk’s money in the team’s ledger?');
}

/** Closes each desk's page and test host (a spec's afterAll). */
export async function closeTeamDesks(desks: readonly TeamDesk[]): Promise<void> {
  for (const desk of desks) {
    await desk.page.context().close();
    await desk.host.close();
  }
}
