import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '@main/sandbox/cli-args';
import { signedRequest } from '@test/helpers/sandbox-request';

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const CLI = 'src-main/sandbox/cli.ts';
let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

function readUrl(proc: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (match) resolve(match[0]);
    });
    proc.once('exit', (code) => reject(new Error(`cli exited with ${String(code)} before printing its URL`)));
  });
}

describe('standalone CLI', () => {
  it('prints its URL, serves signed requests for the given merchant, and stops on SIGTERM', async () => {
    child = spawn(process.execPath, [
      tsxCli,
      CLI,
      '--port',
      '0',
      '--merchant',
      'cli-m',
      '--api-key',
      'cli-k',
      '--seed',
      '3',
    ]);
    const url = await readUrl(child);
    const fakeSandbox = {
      url,
      clock: { now: () => Date.now(), wire: () => Date.now() },
    } as unknown as Parameters<typeof signedRequest>[0];
    const res = await signedRequest(fakeSandbox, 'GET', '/v1/merchants/balances', undefined, {
      merchant: { id: 'cli-m', apiKey: 'cli-k' },
    });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    // Windows delivers no SIGTERM (kill() ends the process outright), so there is no clean exit to see.
    if (process.platform !== 'win32') expect(await exited).toBe(0);
    child = undefined;
  }, 30_000);

  it('bad arguments print usage and exit 2', () => {
    const result = spawnSync(process.execPath, [tsxCli, CLI, '--port', 'nope'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/usage: npm run sandbox/);
  }, 30_000);

  it('parses every option and refuses unknown ones', () => {
    expect(
      parseCliArgs([
        '--port',
        '4010',
        '--merchant',
        'm',
        '--api-key',
        'k',
        '--seed',
        '9',
        '--data',
        '/tmp/x.json',
      ]),
    ).toEqual({
      port: 4010,
      merchant: 'm',
      apiKey: 'k',
      seed: 9,
      data: '/tmp/x.json',
      controlToken: undefined,
    });
    expect(parseCliArgs(['--port', '1', '--merchant', 'm'])).toEqual({ error: '--api-key is required' });
    expect(parseCliArgs(['--port', '1', '--merchant', 'm', '--api-key', 'k', '--bogus', '1'])).toEqual({
      error: 'unknown option --bogus',
    });
    expect(parseCliArgs(['--port', '70000', '--merchant', 'm', '--api-key', 'k'])).toMatchObject({
      error: expect.any(String),
    });
  });
});
