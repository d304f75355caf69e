import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import type { WebhookDelivery } from '@contract';
import { SANDBOX_PROFILE_ID } from '../services/profiles-schema';
import type { IncomingDelivery, IngestOptions, WebhookTarget } from '../services/webhook-delivery';
import { startWebhookReceiver } from '../services/webhook-receiver';
import { DamagedFileError } from './damaged-file';
import { DisposableStore } from './lifecycle';
import type { RunningSandbox } from '../sandbox';

export interface EmbeddedSandboxOptions {
  dataDir: string;
  /** The Sandbox profile's merchant id: the demo merchant takes it. */
  merchantId: string;
  ingest: (delivery: IncomingDelivery, target: WebhookTarget, how: IngestOptions) => Promise<WebhookDelivery>;
  sandboxOptions?: { seed?: number; realTime?: boolean };
}

/** The embedded sandbox while it runs: its server (with the control API) and the play-money key. */
export interface EmbeddedSandbox {
  running: RunningSandbox;
  apiKey: string;
}

/**
 * The embedded sandbox, run only while the Sandbox profile is active: a live-only user never has it
 * listening (nor pays for loading it). Starts and stops are queued, so a quick switch back and forth
 * never leaves two running or one half-closed.
 */
export interface SandboxHost {
  /** The running sandbox, or null while it is stopped. */
  current(): EmbeddedSandbox | null;
  /** Starts it unless it runs already. */
  start(): Promise<EmbeddedSandbox>;
  /** Stops it and its webhook receiver; its state stays saved for the next start. */
  stop(): Promise<void>;
}

export function createSandboxHost(options: EmbeddedSandboxOptions): SandboxHost {
  let current: (EmbeddedSandbox & { close(): Promise<void> }) | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    current: () => current,
    start: () => serial(async () => (current ??= await startEmbeddedSandbox(options))),
    stop: () =>
      serial(async () => {
        const closing = current;
        current = null;
        await closing?.close();
      }),
  };
}

/**
 * Starts the embedded sandbox with its play-money merchant, and a loopback receiver for its webhooks.
 * The sandbox module is loaded only here, when used.
 */
async function startEmbeddedSandbox(
  options: EmbeddedSandboxOptions,
): Promise<EmbeddedSandbox & { close(): Promise<void> }> {
  const owned = new DisposableStore();
  const { startSandbox, DEMO_MERCHANT } = await import('../sandbox');
  const demo = { ...DEMO_MERCHANT, id: options.merchantId };
  const dataFile = join(options.dataDir, 'sandbox-state.json');
  const running = await startSandbox({
    merchants: [demo],
    dataFile,
    // Ids differ between installs; the control API (it can complete withdrawals and send signed
    // webhooks) answers only to this process.
    seed: randomInt(1, 2 ** 31),
    controlToken: randomBytes(24).toString('hex'),
    ...options.sandboxOptions,
  }).catch((error: unknown) => {
    throw isUnreadableState(error)
      ? new DamagedFileError(dataFile, 'the Sandbox data file', 'damaged', { cause: error })
      : error;
  });
  owned.add(() => running.close());
  // Sandbox webhooks come straight back into the app, so a demo withdrawal settles on its own. They
  // are the sandbox merchant's, whichever profile is active.
  const target: WebhookTarget = { profileId: SANDBOX_PROFILE_ID, apiKey: demo.apiKey };
  try {
    // The sandbox sends bursts (duplicate delivery, many settlements at once): a roomier limit.
    const receiver = await startWebhookReceiver(0, async () => target, options.ingest, {
      ratePerSecond: 200,
      burst: 400,
    });
    owned.add(() => receiver.close());
    running.control.setCallbackUrl(demo.id, receiver.url);
  } catch (error) {
    await owned.dispose().catch(() => undefined);
    throw error;
  }
  return { running, apiKey: demo.apiKey, close: () => owned.dispose() };
}

/**
 * The sandbox refuses a state file it cannot read (cut short: a JSON syntax error; or not its
 * format) rather than resetting it; start-up then offers to move the file aside.
 */
function isUnreadableState(error: unknown): boolean {
  return (
    error instanceof SyntaxError || (error instanceof Error && /not a sandbox data file/.test(error.message))
  );
}
