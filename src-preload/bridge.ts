/**
 * Builds `window.merchant`: one named verb per invoke channel, grouped by area ("invoices:create"
 * becomes merchant.invoices.create), plus `on` for the fixed set of push events. The same function
 * serves the real preload (over ipcRenderer) and the browser test host (over HTTP).
 *
 * This is the door, not the check: only the contract's channels pass it, each verb reaches exactly
 * its own channel, and nothing else of the transport is exposed; what main answers or pushes comes
 * through as main sent it. The renderer checks every answer and push against the contract's schemas
 * before any store sees them (src-renderer/src/lib/merchant-api.ts), in a chunk it loads after its
 * first paint. The preload holds no zod: it runs before the page's first script on every start, and
 * reading zod and the schemas there (147 KB) cost the start about 12 ms of main-thread time.
 */
import { EVENT_CHANNELS, INVOKE_CHANNELS, verbPath } from '@shared/ipc-channels';
import type { EventChannel, GroupOf, InvokeChannel, VerbOf } from '@shared/ipc-channels';

export interface BridgeTransport {
  invoke(channel: InvokeChannel, payload: unknown): Promise<unknown>;
  subscribe(channel: EventChannel, listener: (payload: unknown) => void): () => void;
}

/** The verbs as the preload exposes them: answers and pushes unchecked (`unknown`) until the renderer checks them. */
export type UncheckedMerchantApi = {
  [G in GroupOf<InvokeChannel>]: {
    [C in Extract<InvokeChannel, `${G}:${string}`> as VerbOf<C>]: (request?: unknown) => Promise<unknown>;
  };
} & {
  on(event: EventChannel, listener: (payload: unknown) => void): () => void;
};

export function createBridge(transport: BridgeTransport): UncheckedMerchantApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of INVOKE_CHANNELS) {
    const [group, verb] = verbPath(channel);
    api[group] ??= {};
    // A rejected transport rejects the verb's promise; the renderer's check turns that into an error.
    api[group][verb] = (request?: unknown) => transport.invoke(channel, request);
  }
  const on = (event: EventChannel, listener: (payload: unknown) => void) => {
    if (!(EVENT_CHANNELS as readonly string[]).includes(event))
      throw new Error(`Unknown event channel: ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    return transport.subscribe(event, (payload) => listener(payload));
  };
  for (const group of Object.values(api)) Object.freeze(group);
  return Object.freeze({ ...api, on }) as unknown as UncheckedMerchantApi;
}
