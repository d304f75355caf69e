import { createServer, type Server } from 'node:http';
import type { IncomingDelivery } from './webhook-intake';
import type { WebhookDelivery } from '@shared/domain/webhooks';

const MAX_BODY = 1024 * 1024;

/**
 * Optional local endpoint for live deliveries (off by default). Loopback only: it is meant to sit
 * behind the merchant's own tunnel or forwarder, never to be exposed directly. Answers 2xx only for
 * a verified delivery, so the service retries anything we could not trust.
 */
export async function startWebhookReceiver(
  port: number,
  ingest: (delivery: IncomingDelivery) => Promise<WebhookDelivery>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.writableEnded) return;
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      ingest({
        rawBody: Buffer.concat(chunks).toString('utf8'),
        signature: header('x-signature'),
        source: 'receiver',
      }).then(
        (delivery) =>
          res
            .writeHead(delivery.verified ? 200 : 401, { 'Content-Type': 'text/plain' })
            .end(delivery.verified ? 'ok' : 'invalid signature'),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
