import { AppError } from '@shared/errors';
import type { WebhookIntake } from '../../services/webhook-intake';
import { startWebhookReceiver } from '../../services/webhook-receiver';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface WebhooksModuleDeps {
  webhooks: Pick<WebhookIntake, 'ingest' | 'importJsonl' | 'list'>;
}

/** Pasted and imported deliveries, the delivery log, and the optional local receiver it owns. */
export function registerWebhooks(router: ChannelRegistry, deps: WebhooksModuleDeps): Disposer {
  const { webhooks } = deps;
  let receiver: { url: string; port: number; close(): Promise<void> } | undefined;

  async function closeReceiver(): Promise<void> {
    const closing = receiver;
    receiver = undefined;
    await closing?.close();
  }

  const unregister = handleAll(router, {
    'webhooks:import': async (input) => ({
      deliveries:
        input.kind === 'single'
          ? [await webhooks.ingest({ rawBody: input.rawBody, signature: input.signature, source: 'pasted' })]
          : await webhooks.importJsonl(input.content),
    }),
    'webhooks:list': () => ({ deliveries: webhooks.list() }),
    'webhooks:receiver': async ({ enabled, port }) => {
      if (receiver && (!enabled || receiver.port !== port)) await closeReceiver();
      if (enabled && !receiver) {
        const started = await startWebhookReceiver(port, webhooks.ingest).catch(
          (error: NodeJS.ErrnoException) => {
            throw new AppError(
              'receiver-port',
              error.code === 'EADDRINUSE'
                ? `Port ${port} is already in use on this computer. Pick another port for the receiver.`
                : `The receiver could not start: ${error.message}`,
            );
          },
        );
        receiver = { ...started, port };
      }
      return { enabled: !!receiver, port, url: receiver?.url ?? null };
    },
  });
  return async () => {
    // Channels first, so no call can start a new receiver while the current one closes.
    await unregister();
    await closeReceiver();
  };
}
