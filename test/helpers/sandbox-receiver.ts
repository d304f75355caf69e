import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status codes to answer with, in order; once used up, 200. */
  respondWith: number[];
  close(): Promise<void>;
}

/** A local HTTP endpoint (127.0.0.1, port 0) that records every webhook exactly as received. */
export async function startReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const respondWith: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.writeHead(respondWith.shift() ?? 200, { 'Content-Type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    respondWith,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
