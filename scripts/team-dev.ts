import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../src-main/storage/pg/migrate';
import { startPgCluster } from '../test/helpers/pg-cluster';

/**
 * `npm run team:dev`: a demo team on this machine. Starts a PostgreSQL of its own in a temp folder
 * (Debian's binaries; as the postgres user when run as root; a unix socket, no TCP), migrates the
 * ledger as its owner, makes the demo people and two enrollment codes, prints how to open two desks,
 * and on Ctrl-C stops the server and removes the folder: it is a demo, its data does not outlive it.
 */
const DATABASE = 'merchant_desk';
const PEOPLE = [
  { name: 'ada', role: 'admin', what: 'admin: enrolls desks, revokes them, changes roles' },
  { name: 'otto', role: 'operator', what: 'operator: sends withdrawals, creates invoices' },
  { name: 'vera', role: 'viewer', what: 'viewer: sees everything, sends nothing' },
] as const;

async function main(): Promise<void> {
  const cluster = startPgCluster();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the demo team’s PostgreSQL and removing its folder.');
    cluster.destroy();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await cluster.admin(`CREATE DATABASE ${DATABASE} TEMPLATE template0 ENCODING 'UTF8'`);
    const owner = new pg.Client(cluster.config(DATABASE));
    await owner.connect();
    try {
      const ran = await migrate(owner);
      console.log(`Migrated the team ledger (schema versions ${ran.join(', ')}) as the owner, postgres.`);
      const passwords = new Map<string, string>();
      for (const person of PEOPLE) {
        const password = randomBytes(9).toString('base64url');
        passwords.set(person.name, password);
        // CREATE ROLE takes no parameters; the name is ours and the password is base64url (no quotes).
        await owner.query(`CREATE ROLE ${person.name} LOGIN PASSWORD '${password}'`);
        await owner.query(`GRANT md_${person.role} TO ${person.name}`);
      }
      const ada = new pg.Client(cluster.config(DATABASE, 'ada', passwords.get('ada')));
      await ada.connect();
      const codes: string[] = [];
      for (const desk of ['Desk one', 'Desk two']) {
        const { rows } = await ada.query<{ code: string }>(
          "SELECT md.create_enrollment_code($1, interval '7 days') AS code",
          [desk],
        );
        codes.push(`${desk}: ${rows[0]!.code}`);
      }
      await ada.end();
      printHowTo(cluster.socketDir, cluster.port, passwords, codes);
    } finally {
      await owner.end();
    }
  } catch (error) {
    console.error(`The demo team could not be set up: ${(error as Error).message}`);
    cluster.destroy();
    process.exit(1);
  }
  // Keeps the process (and so the server) alive until Ctrl-C.
  setInterval(() => {}, 1 << 30);
}

function printHowTo(socketDir: string, port: number, passwords: Map<string, string>, codes: string[]): void {
  const settings = { host: socketDir, port, database: DATABASE };
  const lines = [
    '',
    'The demo team’s ledger is running. Press Ctrl-C to stop it (its data goes with it).',
    '',
    'Server (a local socket: only the demo team and tests may use one; a real team’s server uses TLS):',
    `  ${JSON.stringify(settings)}`,
    `  psql: psql -h ${socketDir} -p ${port} -U ada ${DATABASE}`,
    '',
    'People (one PostgreSQL login each):',
    ...PEOPLE.map((p) => `  ${p.name.padEnd(5)} password ${passwords.get(p.name)}   ${p.what}`),
    '',
    'One-time enrollment codes (valid 7 days, one desk each):',
    ...codes.map((c) => `  ${c}`),
    '',
    'Two desks on this team, each with a data folder of its own:',
    '  MERCHANT_DESK_USER_DATA=/tmp/desk-one npm start',
    '  MERCHANT_DESK_USER_DATA=/tmp/desk-two npm start',
    'In each, join the team with the server above, a person’s login and one of the codes',
    '(the settings above with allowSocket; the join screen is issue 27’s item 8).',
    'Guides: docs/guide/team-server.md (setting up a real server) and docs/guide/join-a-team.md.',
    '',
  ];
  console.log(lines.join('\n'));
}

void main();
