import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppServices, type AppServices } from '@main/app/app-services';
import type { ScopePace } from '@main/app/profile-scope';
import { SANDBOX_PROFILE_ID } from '@main/services/profiles-schema';
import { createMemoryStore } from '@main/secrets';
import { CONTENT_SECURITY_POLICY } from '@main/security/window-policy';
import { CONTENT_TYPES } from '@test/helpers/content-types';
import { dataFolder } from '@test/helpers/data-folder';
import { createConfirmStandIn, type ConfirmStandIn } from '@test/helpers/confirm-stand-in';
import { createUserCheckStandIn, type UserCheckStandIn } from '@test/helpers/user-check-stand-in';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const RENDERER = join(ROOT, 'out/renderer');
const BRIDGE = join(ROOT, 'out/e2e-host/bridge.js');
const TRUSTED = { sender: { id: 1 }, senderFrame: { url: 'file:///host/index.html', parent: null } };

export interface HostOptions {
  port?: number;
  dataDir?: string;
  log?: (line: string) => void;
  /**
   * Run as a desk that may join a team on a local socket (team:dev, the team specs): the team's
   * secrets in memory, like the API keys. Joining itself is the spec's, through Settings → Team.
   */
  team?: boolean;
  /**
   * Quicker timers for the specs (fixtures.ts, SPEC_PACE): the Sandbox profile's own poll interval, set
   * as Settings → Advanced would set it, and the scope's other timers. Without it (the bench, `npm run
   * e2e:host`) the host keeps the app's pace.
   */
  pace?: ScopePace & { pollIntervalMs?: number };
}

export interface RunningHost {
  url: string;
  token: string;
  services: AppServices;
  /** Main's confirmation window: accepts unless a spec says decline; records what it showed. */
  confirmations: ConfirmStandIn;
  /** The OS user check after main's window: Touch ID that passes unless a spec says otherwise. */
  userChecks: UserCheckStandIn;
  close(): Promise<void>;
}

/**
 * Serves the built renderer on 127.0.0.1 and answers the IPC contract over HTTP, backed by the real
 * main-process services and the embedded sandbox. A random token per run guards every IPC call and
 * the event stream, so no other local page can drive it.
 */
export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  if (!existsSync(join(RENDERER, 'index.html')) || !existsSync(BRIDGE)) {
    throw new Error('The renderer is not built: run `npm run build:e2e` (npm run e2e:host does it too).');
  }
  const token = randomBytes(24).toString('hex');
  const streams = new Set<ServerResponse>();
  const broadcast = (json: string) => {
    for (const stream of streams) stream.write(`data: ${json}\n\n`);
  };
  const confirmations = createConfirmStandIn();
  const userChecks = createUserCheckStandIn();
  const dataDir = dataFolder('md-host-', options.dataDir);
  const services = await createAppServices({
    dataDir: dataDir.path,
    appVersion: 'test-host',
    ipcMain: { handle: () => {}, removeHandler: () => {} },
    isTrustedSender: () => true,
    emit: (channel, payload) => broadcast(JSON.stringify({ channel, payload })),
    openExternal: async () => false,
    confirm: confirmations.confirm,
    userCheck: userChecks.userCheck,
    passphraseSecrets: createMemoryStore(),
    secrets: createMemoryStore(),
    ...(options.team ? { teamSecrets: createMemoryStore(), teamDev: true } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.pace ? { pace: options.pace } : {}),
  });
  if (options.pace?.pollIntervalMs) {
    const patch = { pollIntervalMs: options.pace.pollIntervalMs };
    const set = await services.router.dispatch('profiles:update', { id: SANDBOX_PROFILE_ID, patch }, TRUSTED);
    if (!set.ok) throw new Error(`The Sandbox's poll interval was refused: ${set.error.message}`);
  }

  const authorised = (value: string | null | undefined) => {
    const given = Buffer.from(value ?? '');
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };

  async function handleIpc(req: IncomingMessage, res: ServerResponse, channel: string) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (req.method !== 'POST' || !authorised(bearer))
      return send(res, 403, 'application/json', '{"error":"forbidden"}');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: { payload?: unknown; hasPayload?: boolean };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      return send(res, 400, 'application/json', '{"error":"bad json"}');
    }
    const result = await services.router.dispatch(
      channel,
      body.hasPayload ? body.payload : undefined,
      TRUSTED,
    );
    send(res, 200, 'application/json', JSON.stringify(result));
  }

  /** Pushes an event to the page as main would (benchmarks feed synthetic rate ticks through it). */
  async function handleEmit(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (req.method !== 'POST' || !authorised(bearer))
      return send(res, 403, 'application/json', '{"error":"forbidden"}');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    broadcast(Buffer.concat(chunks).toString('utf8'));
    send(res, 204, 'text/plain', '');
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!authorised(url.searchParams.get('token'))) return send(res, 403, 'text/plain', 'forbidden');
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
  }

  function serveFile(res: ServerResponse, pathname: string) {
    if (pathname === '/__host/bridge.js') return send(res, 200, CONTENT_TYPES['.js']!, readFileSync(BRIDGE));
    // Browsers ask for it on their own; Electron does not. No icon, and no noise in the console.
    if (pathname === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    const file = normalize(join(RENDERER, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(RENDERER) || !existsSync(file)) return send(res, 404, 'text/plain', 'not found');
    let content: Buffer | string = readFileSync(file);
    // The stand-in preload must run before the app, exactly as a preload would.
    if (file.endsWith('index.html'))
      content = content.toString('utf8').replace('<head>', '<head><script src="/__host/bridge.js"></script>');
    send(res, 200, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', content);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/__host/emit') {
      handleEmit(req, res).catch(() => send(res, 500, 'text/plain', 'error'));
    } else if (url.pathname.startsWith('/__host/ipc/')) {
      handleIpc(req, res, decodeURIComponent(url.pathname.slice('/__host/ipc/'.length))).catch(() =>
        send(res, 500, 'text/plain', 'error'),
      );
    } else if (url.pathname === '/__host/events') {
      handleEvents(req, res, url);
    } else if (req.method === 'GET') {
      serveFile(res, url.pathname);
    } else {
      send(res, 405, 'text/plain', 'method not allowed');
    }
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    token,
    services,
    confirmations,
    userChecks,
    async close() {
      for (const stream of streams) stream.end();
      await new Promise<void>((done) => server.close(() => done()));
      await services.dispose();
      dataDir.remove();
    },
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}
