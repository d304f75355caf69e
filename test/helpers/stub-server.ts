import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A tiny programmable HTTP server on 127.0.0.1:0. Each request is recorded with its exact raw body,
 * then answered by the next scripted reply (the last one repeats), or by a handler function.
 */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  receivedAt: number;
}

export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  /** A string or bytes is sent as is; anything else as JSON.stringify. */
  body?: unknown;
  delayMs?: number;
  /** 'destroy': read the whole request, then drop the socket; 'hang': never answer. */
  action?: 'destroy' | 'hang';
  /** Overrides the Date header node adds; null removes it. */
  date?: string | null;
}

export type StubHandler = (req: RecordedRequest, index: number) => StubReply;

export interface StubServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaces the script; replies are used in order and the last one repeats. */
  reply(...replies: Array<StubReply | StubHandler>): void;
  close(): Promise<void>;
}

export function ok(data: unknown, extra: Omit<StubReply, 'body'> = {}): StubReply {
  return { status: 200, body: { status: 'success', data }, ...extra };
}

function send(res: ServerResponse, reply: StubReply): void {
  if (reply.date === null) res.sendDate = false;
  else if (reply.date !== undefined) res.setHeader('Date', reply.date);
  const raw = reply.body;
  const isRaw = typeof raw === 'string' || raw instanceof Uint8Array;
  const payload = raw === undefined ? '' : isRaw ? raw : JSON.stringify(raw);
  const headers: Record<string, string> = {
    ...(isRaw || raw === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...reply.headers,
  };
  res.writeHead(reply.status ?? 200, headers);
  res.end(payload);
}

export async function startStubServer(): Promise<StubServer> {
  const requests: RecordedRequest[] = [];
  const fallback: StubReply = { status: 200, body: { status: 'success', data: {} } };
  let script: Array<StubReply | StubHandler> = [fallback];
  const sockets = new Set<Socket>();

  const handle = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      receivedAt: Date.now(),
    };
    const index = requests.push(recorded) - 1;
    const entry = script[Math.min(index, script.length - 1)];
    const reply = typeof entry === 'function' ? entry(recorded, index) : (entry ?? {});
    const run = (): void => {
      if (reply.action === 'hang') return;
      if (reply.action === 'destroy') {
        req.socket.destroy();
        return;
      }
      send(res, reply);
    };
    if (reply.delayMs) setTimeout(run, reply.delayMs);
    else run();
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply(...replies) {
      script = replies.length > 0 ? replies : [fallback];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
