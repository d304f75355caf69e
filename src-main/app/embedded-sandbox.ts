import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import type { WebhookDelivery } from '@contract';
import { SANDBOX_PROFILE_ID } from '../services/profiles-schema';
import type { IncomingDelivery, IngestOptions, WebhookTarget } from '../services/webhook-intake';
import { startWebhookReceiver } from '../services/webhook-receiver';
import type { DisposableStore } from './lifecycle';
import type { RunningSandbox } from '../sandbox';

export interface EmbeddedSandboxOptions {
  dataDir: string;
  /** The Sandbox profile's merchant id: the demo merchant takes it. */
  merchantId: string;
  ingest: (delivery: IncomingDelivery, target: WebhookTarget, how: IngestOptions) => Promise<WebhookDelivery>;
  /** Takes the sandbox and its webhook receiver, so they close with the app. */
  owned: DisposableStore;
  sandboxOptions?: { seed?: number; realTime?: boolean };
}

/**
 * Starts the embedded sandbox with its play-money merchant, and a loopback receiver for its webhooks.
 * The sandbox module is loaded only here, when used: a live-only user never pays for it at start-up.
 */
export async function startEmbeddedSandbox(
  options: EmbeddedSandboxOptions,
): Promise<{ running: RunningSandbox; apiKey: string }> {
  const { startSandbox, DEMO_MERCHANT } = await import('../sandbox');
  const demo = { ...DEMO_MERCHANT, id: options.merchantId };
  const running = await startSandbox({
    merchants: [demo],
    dataFile: join(options.dataDir, 'sandbox-state.json'),
    // Ids differ between installs; the control API (it can complete withdrawals and send signed
    // webhooks) answers only to this process.
    seed: randomInt(1, 2 ** 31),
    controlToken: randomBytes(24).toString('hex'),
    ...options.sandboxOptions,
  });
  options.owned.add(() => running.close());
  // Sandbox webhooks come straight back into the app, so a demo withdrawal settles on its own. They
  // are the sandbox merchant's, whichever profile is active.
  const target: WebhookTarget = { profileId: SANDBOX_PROFILE_ID, apiKey: demo.apiKey };
  // The sandbox sends bursts (duplicate delivery, many settlements at once): a roomier limit.
  const receiver = await startWebhookReceiver(0, target, options.ingest, { ratePerSecond: 200, burst: 400 });
  options.owned.add(() => receiver.close());
  running.control.setCallbackUrl(demo.id, receiver.url);
  return { running, apiKey: demo.apiKey };
}
