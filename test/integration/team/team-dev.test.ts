import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgUnavailable } from '@test/helpers/pg-cluster';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Reads the script's output until `done` says it has all it needs (or the script exits). */
function output(child: ChildProcess, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`team:dev printed only:\n${text}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (done(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

const reason = pgUnavailable();
if (reason && process.env.CI) throw new Error(`PostgreSQL is required in CI: ${reason}`);

// No cluster of the test's own: team:dev starts one, as it does for a person.
describe.skipIf(reason)('npm run team:dev', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGTERM');
  });

  it('starts a demo team whose printed logins and codes work, and Ctrl-C removes it', async () => {
    child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/team-dev.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const text = await output(child, (t) => t.includes('Guides:'));
    const settings = JSON.parse(/^\s*(\{"host".*\})$/m.exec(text)?.[1] ?? 'null') as {
      host: string;
      port: number;
      database: string;
    };
    const password = (name: string) => new RegExp(`^\\s*${name}\\s+password (\\S+)`, 'm').exec(text)?.[1];
    const code = /Desk one: (\S+)/.exec(text)?.[1];
    expect(settings && password('ada') && password('otto') && password('vera') && code, text).toBeTruthy();

    const otto = new pg.Client({ ...settings, user: 'otto', password: password('otto') });
    await otto.connect();
    try {
      const people = await otto.query('SELECT person, role FROM md.team_people ORDER BY person');
      expect(people.rows).toEqual([
        { person: 'ada', role: 'admin' },
        { person: 'otto', role: 'operator' },
        { person: 'vera', role: 'viewer' },
      ]);
      const key =
        '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n';
      const enrolled = await otto.query('SELECT desk_id FROM md.enroll_desk($1, NULL, $2)', [code, key]);
      expect(enrolled.rows).toHaveLength(1);
    } finally {
      await otto.end();
    }

    const folder = dirname(settings.host);
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
    expect(existsSync(folder)).toBe(false);
  }, 90_000);
});
