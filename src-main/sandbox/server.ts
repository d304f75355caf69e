import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { SandboxContext } from './context';
import type { SandboxControl } from './control';
import { authenticate } from './auth';
import { BAD_GATEWAY_PAGE, NON_JSON_OK_BODY, type FaultTable } from './faults';
import { controllerError, encodeBody, json, parseBody, readBody, type Reply } from './http-util';
import { handleControl } from './routes/control';
import { cardOrderRoutes } from './routes/card-orders';
import { checkoutRoutes } from './routes/checkout';
import { invoiceRoutes } from './routes/invoices';
import { merchantRoutes } from './routes/merchants';
import { publicRoutes } from './routes/public';
import type { Route } from './routes/types';
import { walletRoutes } from './routes/wallets';
import { withdrawalRoutes } from './routes/withdrawals';

export const ROUTES: Route[] = [
  ...invoiceRoutes,
  ...cardOrderRoutes,
  ...withdrawalRoutes,
  ...merchantRoutes,
  ...walletRoutes,
  ...publicRoutes,
  ...checkoutRoutes,
];
export const CONTROL_PREFIX = '/__sandbox';

export interface ServerDeps {
  getCtx(): SandboxContext;
  control: SandboxControl;
  faults: FaultTable;
  tick(): void;
  controlToken?: string;
}

function write(res: ServerResponse, reply: Reply, nowMs: number): void {
  const bytes = reply.raw ?? Buffer.from(encodeBody(reply.body), 'utf8');
  // The Date header follows the service's own clock (not a person's jump): clients derive their skew from it.
  res.writeHead(reply.status, {
    'Content-Type': reply.raw ? 'image/png' : 'application/json',
    'Content-Length': String(bytes.length),
    Date: new Date(nowMs).toUTCString(),
    ...reply.headers,
  });
  res.end(bytes);
}

const htmlReply = (status: number, page: string): Reply => ({
  status,
  body: null,
  raw: Buffer.from(page, 'utf8'),
  headers: { 'Content-Type': 'text/html; charset=utf-8' },
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function dispatch(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ctx = deps.getCtx();
  const url = new URL(req.url ?? '/', 'http://sandbox.local');
  const method = req.method ?? 'GET';
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const bodyResult = await readBody(req);
  if (bodyResult.kind === 'aborted') return;
  const send = (reply: Reply): void => write(res, reply, ctx.clock.wire());
  if (bodyResult.kind === 'too-large') {
    send({
      ...controllerError(413, 'The request body is larger than 1 MB.'),
      headers: { Connection: 'close' },
    });
    return;
  }
  const body = parseBody(bodyResult.text);
  deps.tick();

  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
    if (deps.controlToken !== undefined && req.headers['x-sandbox-token'] !== deps.controlToken) {
      send(controllerError(401, 'Control API token missing or wrong (X-Sandbox-Token)'));
      return;
    }
    send(
      await handleControl(deps.control, method, path.slice(CONTROL_PREFIX.length), body, url.searchParams),
    );
    return;
  }

  const matches = ROUTES.map((route) => ({ route, m: route.pattern.exec(path) })).filter((x) => x.m !== null);
  if (matches.length === 0) {
    send(controllerError(404, `Route ${method} ${path} not found`));
    return;
  }
  const hit = matches.find((x) => x.route.method === method);
  if (!hit || !hit.m) {
    send({
      ...controllerError(405, `Method ${method} is not allowed here`),
      headers: { Allow: matches.map((x) => x.route.method).join(', ') },
    });
    return;
  }
  const { route } = hit;

  const fault = deps.faults.take(route.name);
  if (fault?.kind === 'latency') await sleep(fault.ms ?? 1000);
  if (fault?.kind === 'error500') return send(controllerError(500, 'Internal server error (sandbox fault)'));
  if (fault?.kind === 'throttle') {
    const retry = fault.retryAfter;
    const headers: Record<string, string> = retry === undefined ? {} : { 'Retry-After': String(retry) };
    const reply = json(
      429,
      {
        status: 'error',
        message: 'Too Many Requests',
        ...(retry === undefined ? {} : { retry_after: retry }),
      },
      headers,
    );
    return send(reply);
  }
  if (fault?.kind === 'bad-gateway-html') return send(htmlReply(502, BAD_GATEWAY_PAGE));
  if (fault?.kind === 'drop-before') {
    req.socket.destroy();
    return;
  }

  let merchant = null;
  if (route.auth) {
    const result = authenticate(ctx.state, req.headers, body, ctx.clock.wire(), route.auth);
    if ('reply' in result) return send(result.reply);
    merchant = result.merchant;
  }
  const reply = await route.handle({
    ctx,
    params: hit.m.slice(1),
    headers: req.headers,
    body,
    query: url.searchParams,
    merchant,
    fault,
  });
  if (method !== 'GET') ctx.save();
  if (fault?.kind === 'drop-after') {
    // The change is committed (and saved); the client just never hears about it.
    req.socket.destroy();
    return;
  }
  // Also committed; the answer says 200 but cannot be read as JSON.
  if (fault?.kind === 'non-json-2xx') return send(htmlReply(200, NON_JSON_OK_BODY));
  send(reply);
}

export function createSandboxServer(deps: ServerDeps): Server {
  return createServer((req, res) => {
    dispatch(deps, req, res).catch((err: unknown) => {
      console.error('[sandbox] handler failed', err);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      write(res, controllerError(500, 'Internal server error'), Date.now());
    });
  });
}
