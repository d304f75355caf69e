import type { IpcRouter } from '../../ipc/router';
import { startWebhookReceiver } from '../../services/webhook-receiver';
import type { AppContext } from '../context';

export function registerWebhookHandlers(router: IpcRouter, ctx: AppContext): { dispose(): Promise<void> } {
  let receiver: { url: string; port: number; close(): Promise<void> } | undefined;

  router.handle('webhooks:import', async (input) => ({
    deliveries:
      input.kind === 'single'
        ? [
            await ctx.webhooks.ingest({
              rawBody: input.rawBody,
              signature: input.signature,
              source: 'pasted',
            }),
          ]
        : await ctx.webhooks.importJsonl(input.content),
  }));
  router.handle('webhooks:list', () => ({ deliveries: ctx.webhooks.list() }));
  router.handle('webhooks:receiver', async ({ enabled, port }) => {
    if (receiver && (!enabled || receiver.port !== port)) {
      await receiver.close();
      receiver = undefined;
    }
    if (enabled && !receiver) {
      const started = await startWebhookReceiver(port, ctx.webhooks.ingest).catch(
        (error: NodeJS.ErrnoException) => {
          throw Object.assign(
            new Error(
              error.code === 'EADDRINUSE'
                ? `Port ${port} is already in use on this computer. Pick another port for the receiver.`
                : `The receiver could not start: ${error.message}`,
            ),
            { kind: 'receiver' },
          );
        },
      );
      receiver = { ...started, port };
    }
    return { enabled: !!receiver, port, url: receiver?.url ?? null };
  });
  return { dispose: async () => receiver?.close() };
}
