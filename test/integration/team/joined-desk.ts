import { expect } from 'vitest';
import { createMemoryStore } from '@main/secrets';
import { startAppHarness, type AppHarness, type HarnessOptions } from '../../helpers/app-harness';
import type pg from 'pg';
import type { PgCluster } from '../../helpers/pg-cluster';
import { createPgTeam, type PgTeam } from '../../helpers/pg-team';

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

/**
 * The team most approval tests start from: anna an operator, bob a viewer who holds the approver role,
 * tom an operator when asked, and adam an admin at a desk of his own who published the policy that
 * every withdrawal needs one approval.
 */
export async function fourEyesTeam(
  cluster: PgCluster,
  database: string,
  { tom = false }: { tom?: boolean } = {},
): Promise<{ team: PgTeam; adam: pg.Client }> {
  const team = await createPgTeam(cluster, database);
  await team.person('anna', 'operator');
  await team.person('bob', 'viewer');
  await team.admin('GRANT md_approver TO bob');
  if (tom) await team.person('tom', 'operator');
  const adam = await team.deskClient(await team.seedDesk('Admin desk'), 'adam', 'admin');
  const draft = await adam.query<{ id: string }>('SELECT md.save_policy_draft($1, $2) AS id', [
    JSON.stringify([{ name: 'four eyes', action: 'require', approvals: 1 }]),
    'test policy',
  ]);
  await adam.query('SELECT md.publish_policy($1)', [draft.rows[0]!.id]);
  return { team, adam };
}
