import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal, RECOVERED_REASON } from '@main/storage/sqlite/journal';
import { childCommand } from '@test/helpers/child-command';

let dir: string | undefined;
let server: Server | undefined;
afterEach(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('journal survives a crash mid-request', () => {
  it('a withdrawal killed in flight is unknown after restart, sent once, and not retried', async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-crash-'));
    const file = join(dir, 'journal.sqlite');
    const bodies: string[] = [];

    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        bodies.push(body);
        // The service has the request; the app dies before it hears back.
        child.kill('SIGKILL');
        res.on('error', () => undefined);
        void exited.then(() =>
          res.end('{"status":"success","data":{"withdrawal_id":"w-1","status":"pending"}}'),
        );
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/withdrawals`;

    // Declared after the server on purpose: its handler only runs once the child is sending.
    const { script, execArgv } = childCommand('journal-crash-child');
    const child: ChildProcess = spawn(process.execPath, [...execArgv, script, file, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    expect(await exited, stderr).toBe('SIGKILL');

    expect(stdout).toMatch(/^began 1\n$/);
    expect(bodies).toEqual(['{"network":"tron","coin":"usdt","amount":"125.50","to_address":"TXYZabc123"}']);

    const journal = openJournal(file);
    try {
      expect(journal.recovered).toEqual([1]);
      expect(journal.get(1)).toMatchObject({
        state: 'unknown',
        operation: 'createWithdrawal',
        amount: '125.50',
        response: null,
      });
      expect(journal.events(1).map((e) => [e.type, (e.detail as { reason?: string }).reason])).toEqual([
        ['begin', undefined],
        ['recovered', RECOVERED_REASON],
      ]);
      expect(journal.verifyChain().ok).toBe(true);
      // Nothing resends on its own: the service, closed once every connection to it has ended, heard
      // the one request (the only process that held the journal and the address is gone).
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
      expect(bodies).toHaveLength(1);
      // And the same withdrawal cannot be sent again without a person's override.
      expect(() =>
        journal.begin('createWithdrawal', {
          profileId: 'p-live',
          environment: 'live',
          requestBody: { network: 'tron', coin: 'usdt', amount: '125.50', to_address: 'TXYZabc123' },
        }),
      ).toThrow(/not finished: #1 \(unknown\)/);
    } finally {
      journal.close();
    }
  });
});
