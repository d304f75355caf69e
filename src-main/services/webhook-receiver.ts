import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { WebhookDelivery } from '@shared/domain/webhooks';
import { verifyWebhook } from '../protocol/signing';
import type { IncomingDelivery, IngestOptions, WebhookTarget } from './webhook-delivery';
import { checkRequest, createLimiter, MAX_RECEIVER_BODY } from './webhook-receiver-gate';

export interface ReceiverStats {
  accepted: number;
  /** Turned away without being kept: a bad signature, no key, or a request not for the receiver. */
  rejected: number;
  limited: number;
}

export interface ReceiverOptions {
  /** Verified deliveries let through per second on average, and how many may arrive at once. */
  ratePerSecond?: number;
  burst?: number;
  /** The same for posts that do not verify: their own, smaller budget, so they cannot starve the rest. */
  unverifiedRatePerSecond?: number;
  unverifiedBurst?: number;
  /** Milliseconds from any fixed point (the default is monotonic: wall-clock changes do not move it). */
  now?: () => number;
  /** The secret path segment (default: 32 random bytes, new for each receiver). */
  secret?: string;
  maxBody?: number;
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

/** The bound profile and its key as they are now; null when the profile or its key is gone. */
export type ReadTarget = () => Promise<WebhookTarget | null>;

/** A fresh secret path segment: unguessable, and safe in a URL. */
export const newReceiverSecret = (): string => randomBytes(32).toString('base64url');

/** The body, or null once it grew past `max` (the request is then answered and dropped). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const answer = (res: ServerResponse, status: number, text = '') =>
  res.writeHead(status, { 'Content-Type': 'text/plain', Connection: 'close' }).end(text);

/**
 * Optional local endpoint for live deliveries (off by default). Loopback only: it is meant to sit
 * behind the merchant's own tunnel or forwarder, never to be exposed directly. Answers 2xx only for
 * a verified delivery, so the service retries anything we could not trust.
 *
 * Anyone on this computer (and any web page, by DNS rebinding) can reach it, so it trusts nothing it
 * is sent: only POSTs to its secret path, with its own Host, of JSON no larger than a webhook, are
 * read; the key is read afresh for every delivery, so a replaced or deleted key stops verifying at
 * once (issue 26); verified and unverified posts draw on separate budgets; a delivery that does not
 * verify is answered 401 and counted, never stored.
 */
export async function startWebhookReceiver(
  port: number,
  readTarget: ReadTarget,
  ingest: Ingest,
  options: ReceiverOptions = {},
): Promise<RunningReceiver> {
  const stats: ReceiverStats = { accepted: 0, rejected: 0, limited: 0 };
  const now = options.now ?? (() => performance.now());
  const allowVerified = createLimiter(options.ratePerSecond ?? 20, options.burst ?? 40, now);
  const allowUnverified = createLimiter(
    options.unverifiedRatePerSecond ?? 2,
    options.unverifiedBurst ?? 10,
    now,
  );
  const secret = options.secret ?? newReceiverSecret();
  const maxBody = options.maxBody ?? MAX_RECEIVER_BODY;
  let actualPort = port;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = checkRequest(req, { port: actualPort, secret, maxBody });
    if (refusal) {
      stats.rejected++;
      if (refusal.status === 405) res.setHeader('Allow', 'POST');
      answer(res, refusal.status);
      req.resume();
      return;
    }
    const rawBody = await readBody(req, maxBody);
    if (rawBody === null) {
      stats.rejected++;
      answer(res, 413);
      req.destroy();
      return;
    }
    const signature = req.headers['x-signature'];
    const incoming = {
      rawBody,
      signature: Array.isArray(signature) ? signature[0] : signature,
      source: 'receiver' as const,
    };
    const target = await readTarget().catch(() => null);
    if (!target || !verifyWebhook(incoming.rawBody, incoming.signature, target.apiKey)) {
      if (!allowUnverified()) {
        stats.limited++;
        return void res.writeHead(429, { 'Retry-After': '1', Connection: 'close' }).end();
      }
      stats.rejected++;
      return void answer(res, 401, target ? 'invalid signature' : 'no key for this profile');
    }
    if (!allowVerified()) {
      stats.limited++;
      return void res.writeHead(429, { 'Retry-After': '1', Connection: 'close' }).end();
    }
    const delivery = await ingest(incoming, target, { keepRejected: false });
    stats[delivery.verified ? 'accepted' : 'rejected']++;
    answer(res, delivery.verified ? 200 : 401, delivery.verified ? 'ok' : 'invalid signature');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) answer(res, 500);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}/${secret}`,
    port: actualPort,
    stats: () => ({ ...stats }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
