import { expect } from 'vitest';
import { createMemoryStore } from '@main/secrets';
import { startAppHarness, type AppHarness, type HarnessOptions } from '../../helpers/app-harness';
import type { PgTeam } from '../../helpers/pg-team';

/** A desk (the real main services on a data folder of its own) that joins the team as `person`. */
export async function joinedDesk(
  team: PgTeam,
  person: string,
  deskName: string,
  options: HarnessOptions = {},
): Promise<AppHarness> {
  const app = await startAppHarness({ teamSecrets: createMemoryStore(), teamDev: true, ...options });
  const { rows } = await team.admin<{ code: string }>('SELECT md.create_enrollment_code($1) AS code', [
    deskName,
  ]);
  const config = team.config(person);
  const status = await app.ok('team:join', {
    host: String(config.host),
    port: Number(config.port),
    database: team.database,
    user: person,
    password: String(config.password),
    code: rows[0]!.code,
  });
  expect(status).toMatchObject({ joined: true, desk: deskName, person });
  // Polled by hand: expect.poll belongs to tests, and desks join in beforeAll.
  for (let tries = 0; (await app.ok('team:status')).connection !== 'online'; tries += 1) {
    if (tries > 200)
      throw new Error(`${deskName} did not come online: ${(await app.ok('team:status')).words}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return app;
}
