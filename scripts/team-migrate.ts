import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CODE_SCHEMA_VERSION, migrate, schemaVersion } from '../src-main/storage/pg/migrate';
import { clientConfig, parseTeamConnection } from '../src-main/team/connection-settings';

/**
 * `npm run team:migrate -- --host db.example.com --database merchant_desk --user owner --ca ca.pem`:
 * the admin's explicit migration of the team's ledger to this version of Merchant Desk (a desk never
 * migrates when it starts). The password comes from PGPASSWORD, so it is never on a command line.
 * Without --yes it only says what it would do.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string' },
      port: { type: 'string', default: '5432' },
      database: { type: 'string' },
      user: { type: 'string' },
      ca: { type: 'string' },
      yes: { type: 'boolean', default: false },
    },
  });
  const password = process.env.PGPASSWORD;
  if (!password)
    throw new Error('Set PGPASSWORD to the owner’s password (it is never taken from the command line).');
  const settings = parseTeamConnection({
    host: values.host,
    port: values.port,
    database: values.database,
    user: values.user,
    ...(values.ca ? { caPem: readFileSync(values.ca, 'utf8') } : {}),
  });
  const client = new pg.Client(clientConfig(settings, password));
  await client.connect();
  try {
    const before = await schemaVersion(client);
    if (before >= CODE_SCHEMA_VERSION) {
      console.log(
        `The team's ledger is at schema ${before}; this version of Merchant Desk needs ${CODE_SCHEMA_VERSION}: nothing to do.`,
      );
      return;
    }
    if (!values.yes) {
      console.log(
        `The team's ledger is at schema ${before}; this version needs ${CODE_SCHEMA_VERSION}. Desks of older versions will open read-only afterwards. Run again with --yes to migrate.`,
      );
      return;
    }
    const ran = await migrate(client);
    console.log(
      `Migrated the team's ledger as ${settings.user}: ran ${ran.join(', ') || 'nothing (another admin just did)'}; now at ${await schemaVersion(client)}.`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(`Not migrated: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
