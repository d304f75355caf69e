import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the network does with the next matching write while a crash drill runs:
 * - 'in-flight': the request reached the wire, the desk dies, and the service never reads it;
 * - 'committed': the service performs it and answers, the desk dies before the answer reaches it.
 * Everything else passes straight through to the service.
 */
export type HoldMode = 'in-flight' | 'committed';

export interface CrashProxy {
  url: string;
  /** Bodies of the matching writes the service actually received. */
  forwarded: string[];
  /** Holds the next request with this method and path in `mode`, calling `crash` while holding it. */
  hold(method: string, path: string, mode: HoldMode, crash: () => Promise<void>): void;
  close(): Promise<void>;
}

const readAll = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** A loopback proxy in front of the sandbox: the parent decides when the desk dies on the network. */
export async function startCrashProxy(target: string): Promise<CrashProxy> {
  let held: { method: string; path: string; mode: HoldMode; crash: () => Promise<void> } | undefined;
  const forwarded: string[] = [];
  const forward = async (req: IncomingMessage, body: Buffer) => {
    const headers = Object.entries(req.headers).filter(
      ([name]) => !['host', 'connection', 'content-length'].includes(name),
    ) as Array<[string, string]>;
    return fetch(`${target}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
  };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const path = new URL(req.url ?? '/', 'http://proxy').pathname;
      const matched = held && held.method === req.method && held.path === path ? held : undefined;
      if (matched) {
        held = undefined;
        if (matched.mode === 'committed') {
          forwarded.push(body.toString('utf8'));
          // Read to the end: the service has performed the write and its answer is complete.
          await (await forward(req, body)).arrayBuffer();
        }
        await matched.crash();
        res.destroy();
        return;
      }
      const answer = await forward(req, body);
      if (req.method === 'POST') forwarded.push(body.toString('utf8'));
      res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    hold(method, path, mode, crash) {
      held = { method, path, mode, crash };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
