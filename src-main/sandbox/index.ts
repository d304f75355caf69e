import type { AddressInfo } from 'node:net';
import { createClock, type SandboxClock } from './clock';
import type { SandboxContext } from './context';
import { createControl, type SandboxControl } from './control';
import { tick } from './engine';
import { createFaultTable } from './faults';
import { loadState, saveState } from './persistence';
import { createRng } from './rng';
import { createSandboxServer } from './server';
import { createInitialState, merchantFromSeed } from './state';
import type { MerchantSeed } from './types';
import { createDispatcher } from './webhooks';

export type { SandboxControl } from './control';
export type { MerchantSeed } from './types';

export interface SandboxOptions {
  port?: number;
  host?: '127.0.0.1';
  merchants?: MerchantSeed[];
  seed?: number;
  /** With a data file the state survives a restart (atomic writes). */
  dataFile?: string;
  /** ms epoch the controllable clock starts at; default real time. */
  startTime?: number;
  /** Default true: time flows and state machines advance on their own. false: only advanceClock moves time. */
  realTime?: boolean;
  /** When set, the control API requires the header X-Sandbox-Token. */
  controlToken?: string;
  /** Used for webhook delivery. */
  fetch?: typeof fetch;
}

export interface RunningSandbox {
  url: string;
  port: number;
  clock: SandboxClock;
  control: SandboxControl;
  close(): Promise<void>;
}

/** Play-money merchant for the app's Sandbox profile. The key is public on purpose: it guards nothing. */
export const DEMO_MERCHANT: Required<Omit<MerchantSeed, 'callbackUrl'>> & { callbackUrl: null } = {
  id: 'demo-merchant',
  apiKey: 'sandbox-demo-key-not-a-secret',
  name: 'Demo Coffee Roasters',
  callbackUrl: null,
  allowWithdrawals: true,
  suspended: false,
  withdrawalFeePayer: 'merchant',
  balances: {
    'usdt:tron': '25000',
    'usdt:eth': '4200.5',
    'usdc:polygon': '1800',
    'btc:bitcoin': '0.8425',
    'eth:eth': '6.25',
    'trx:tron': '150000',
    'ton:ton': '900',
  },
};

const TICK_MS = 250;

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seeds = options.merchants ?? [DEMO_MERCHANT];
  const seed = options.seed ?? 1;
  let resets = 0;
  const realTime = options.realTime ?? true;
  const saved = options.dataFile ? loadState(options.dataFile) : undefined;
  const requested = options.startTime ?? Date.now();
  // A file from before the jump was kept apart holds a clock ahead of this computer's: that lead was
  // a person's jump, and stays one (it must not come back as the service's clock being off).
  const jumped = saved ? (saved.clockJumpedMs ?? Math.max(0, saved.clockNow - requested)) : 0;
  // A restarted sandbox never goes back in time: the saved clock wins when it is ahead.
  const startTime = Math.max(requested, saved ? saved.clockNow - jumped : 0);
  const clock = createClock(startTime, realTime, jumped);
  const initial = saved ?? createInitialState(seeds, seed, clock.now());
  for (const s of seeds) initial.merchants[s.id] ??= merchantFromSeed(s);

  let baseUrl = '';
  const ctx: SandboxContext = {
    state: initial,
    clock,
    rng: createRng(initial),
    baseUrl: () => baseUrl,
    save: () => {
      if (!options.dataFile) return;
      ctx.state.clockNow = clock.now();
      ctx.state.clockJumpedMs = clock.jumpedMs();
      saveState(options.dataFile, ctx.state);
    },
    emit: (request) => void webhooks.enqueue(request),
  };
  let stopped = false;
  const webhooks = createDispatcher(() => ctx, options.fetch ?? fetch);
  const runTick = (): void => {
    if (!stopped) tick(ctx, webhooks);
  };
  const faults = createFaultTable();
  const control = createControl({
    ctx,
    faults,
    webhooks,
    tick: runTick,
    reset: () => {
      // A new seed per reset: ids handed out before the reset must never be handed out again
      // (a client's journal still holds them).
      resets += 1;
      // Back to the start: the state as first seeded, and simulated time with the service's own clock.
      clock.jumpToNow();
      ctx.state = createInitialState(seeds, seed + resets * 7919, clock.now());
      ctx.rng = createRng(ctx.state);
      faults.clear();
      ctx.save();
    },
  });
  const server = createSandboxServer({
    getCtx: () => ctx,
    control,
    faults,
    tick: runTick,
    controlToken: options.controlToken,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  ctx.save();
  const timer = realTime ? setInterval(runTick, TICK_MS) : undefined;
  timer?.unref();

  return {
    url: baseUrl,
    port,
    clock,
    control,
    async close() {
      stopped = true;
      if (timer) clearInterval(timer);
      webhooks.stop();
      // Attempts already on the wire finish (bounded by their own timeout); no new ones start.
      await webhooks.flush().catch(() => undefined);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
