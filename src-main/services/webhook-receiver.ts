import { createServer, type Server } from 'node:http';
import type { IncomingDelivery, IngestOptions, WebhookTarget } from './webhook-delivery';
import type { WebhookDelivery } from '@shared/domain/webhooks';

const MAX_BODY = 1024 * 1024;

export interface ReceiverStats {
  accepted: number;
  rejected: number;
  limited: number;
}

export interface ReceiverOptions {
  /** Deliveries let through per second on average, and how many may arrive at once. */
  ratePerSecond?: number;
  burst?: number;
  /** Milliseconds from any fixed point (the default is monotonic: wall-clock changes do not move it). */
  now?: () => number;
}

export interface RunningReceiver {
  url: string;
  port: number;
  stats(): ReceiverStats;
  close(): Promise<void>;
}

type Ingest = (
  delivery: IncomingDelivery,
  target: WebhookTarget,
  how: IngestOptions,
) => Promise<WebhookDelivery>;

/**
 * A token bucket: refills continuously, so a steady sender at the rate is never turned away. Time
 * that runs backwards refills nothing and takes nothing: with the wall clock, a person setting a
 * fast clock right by ten minutes left the bucket owing ten minutes of tokens, and every delivery
 * was refused for that long (the soak found it). The receiver's own clock is monotonic anyway.
 */
function createLimiter(rate: number, burst: number, now: () => number) {
  let tokens = burst;
  let last = now();
  return () => {
    const at = now();
    tokens = Math.min(burst, tokens + (Math.max(0, at - last) / 1000) * rate);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * Optional local endpoint for live deliveries (off by default). Loopback only: it is meant to sit
 * behind the merchant's own tunnel or forwarder, never to be exposed directly. Answers 2xx only for
 * a verified delivery, so the service retries anything we could not trust.
 *
 * Anyone on this computer can POST to it, so it trusts nothing it is sent: the target (the merchant
 * and its key) is read once when it starts and kept for its lifetime, never from the keychain per
 * request; a delivery that does not verify is answered 401 and counted, never stored; and beyond a
 * steady rate it answers 429 without reading the body.
 */
export async function startWebhookReceiver(
  port: number,
  target: WebhookTarget,
  ingest: Ingest,
  options: ReceiverOptions = {},
): Promise<RunningReceiver> {
  const stats: ReceiverStats = { accepted: 0, rejected: 0, limited: 0 };
  const allow = createLimiter(
    options.ratePerSecond ?? 20,
    options.burst ?? 40,
    options.now ?? (() => performance.now()),
  );
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    if (!allow()) {
      stats.limited++;
      res.writeHead(429, { 'Retry-After': '1', Connection: 'close' }).end();
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        stats.rejected++;
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
      const incoming = {
        rawBody: Buffer.concat(chunks).toString('utf8'),
        signature: header('x-signature'),
        source: 'receiver' as const,
      };
      ingest(incoming, target, { keepRejected: false }).then(
        (delivery) => {
          stats[delivery.verified ? 'accepted' : 'rejected']++;
          res
            .writeHead(delivery.verified ? 200 : 401, { 'Content-Type': 'text/plain' })
            .end(delivery.verified ? 'ok' : 'invalid signature');
        },
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
    port: actualPort,
    stats: () => ({ ...stats }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
