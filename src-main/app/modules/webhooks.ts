import type { WebhookReceiverStatus } from '@shared/domain/webhooks';
import { AppError } from '@shared/errors';
import type { WebhookTarget } from '../../services/webhook-delivery';
import type { WebhookIntake } from '../../services/webhook-intake';
import {
  newReceiverSecret,
  startWebhookReceiver,
  type RunningReceiver,
} from '../../services/webhook-receiver';
import type { EntryChanged } from '../entry-changes';
import type { Emit } from '../events';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface WebhooksModuleDeps {
  webhooks: Pick<WebhookIntake, 'ingest' | 'importJsonl' | 'list'>;
  /** The active profile and its key: read when the receiver starts (it binds to that profile). */
  activeTarget: () => Promise<WebhookTarget>;
  /** A profile's key as it is now, or null when the profile or its key is gone: read per delivery. */
  targetFor: (profileId: string) => Promise<WebhookTarget | null>;
  /** The secret path segment of the receiver's address (default: a new one for each app run). */
  receiverSecret?: () => string;
  /** The active profile's id: the list shows its deliveries only. */
  activeProfileId: () => string;
  emit: Emit<'webhooks:import-progress' | 'webhooks:imported'>;
  entryChanged: EntryChanged;
}

/** Pasted and imported deliveries, the delivery log, and the optional local receiver it owns. */
export function registerWebhooks(router: ChannelRegistry, deps: WebhooksModuleDeps): Disposer {
  const { webhooks, emit } = deps;
  let receiver: (RunningReceiver & { profileId: string }) | undefined;
  let lastPort = 8787;
  // Read once: turning the receiver off and on, or moving its port, keeps its path.
  const secret = deps.receiverSecret?.() ?? newReceiverSecret();

  async function closeReceiver(): Promise<void> {
    const closing = receiver;
    receiver = undefined;
    await closing?.close();
  }

  const status = (): WebhookReceiverStatus => ({
    enabled: !!receiver,
    port: receiver?.port ?? lastPort,
    url: receiver?.url ?? null,
    ...(receiver ? { profileId: receiver.profileId, ...receiver.stats() } : {}),
  });

  async function startReceiver(port: number): Promise<void> {
    // The receiver binds to the profile active now; its key is read again for every delivery, so a
    // replaced or deleted key stops verifying at once (issue 26: the old key was trusted until restart).
    const { profileId } = await deps.activeTarget();
    const readTarget = () => deps.targetFor(profileId);
    const started = await startWebhookReceiver(port, readTarget, webhooks.ingest, { secret }).catch(
      (error: NodeJS.ErrnoException) => {
        throw new AppError(
          'receiver-port',
          error.code === 'EADDRINUSE'
            ? `Port ${port} is already in use on this computer. Pick another port for the receiver.`
            : `The receiver could not start: ${error.message}`,
        );
      },
    );
    receiver = Object.assign(started, { profileId });
  }

  const unregister = handleAll(router, {
    'webhooks:import': async (input) => {
      if (input.kind === 'single') {
        const delivery = await webhooks.ingest({
          rawBody: input.rawBody,
          signature: input.signature,
          source: 'pasted',
        });
        return { deliveries: [delivery] };
      }
      const changed = new Set<string>();
      const result = await webhooks.importJsonl(input.content, {
        onProgress: (progress) => emit('webhooks:import-progress', progress),
        onEach: (delivery) => {
          if (delivery.appliedTo) changed.add(delivery.appliedTo);
        },
      });
      for (const id of changed) await deps.entryChanged(id);
      emit('webhooks:imported', result.counts);
      return result;
    },
    'webhooks:list': async () => ({ deliveries: await webhooks.list(deps.activeProfileId()) }),
    'webhooks:receiver-status': () => status(),
    'webhooks:receiver': async ({ enabled, port }) => {
      lastPort = port;
      if (receiver && (!enabled || receiver.port !== port)) await closeReceiver();
      if (enabled && !receiver) await startReceiver(port);
      return status();
    },
  });
  return async () => {
    // Channels first, so no call can start a new receiver while the current one closes.
    await unregister();
    await closeReceiver();
  };
}
