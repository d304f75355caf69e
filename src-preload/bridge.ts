/**
 * Builds `window.merchant` from the contract: one named verb per invoke channel, grouped by area
 * ("invoices:create" becomes merchant.invoices.create), plus `on` for the fixed set of push events.
 * The same function serves the real preload (over ipcRenderer) and the browser test host (over HTTP),
 * so what the renderer sees cannot drift from what main answers.
 */
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type EventChannel,
  type EventOf,
  type InvokeChannel,
  type IpcResult,
  type RequestOf,
  type ResponseOf,
} from './contract';

export interface BridgeTransport {
  invoke(channel: InvokeChannel, payload: unknown): Promise<unknown>;
  subscribe(channel: EventChannel, listener: (payload: unknown) => void): () => void;
}

type Camel<S extends string> = S extends `${infer A}-${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S;
type GroupOf<C> = C extends `${infer G}:${string}` ? G : never;
type Verb<C> = C extends `${string}:${infer V}` ? Camel<V> : never;

type Method<C extends InvokeChannel> =
  undefined extends RequestOf<C>
    ? (request?: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>
    : (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>;

export type MerchantApi = {
  [G in GroupOf<InvokeChannel>]: {
    [C in Extract<InvokeChannel, `${G}:${string}`> as Verb<C>]: Method<C>;
  };
} & {
  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void;
};

function camel(verb: string): string {
  return verb.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export function createBridge(transport: BridgeTransport): MerchantApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of INVOKE_CHANNELS) {
    const [group, verb] = channel.split(':') as [string, string];
    api[group] ??= {};
    api[group][camel(verb)] = (request?: unknown) => transport.invoke(channel, request);
  }
  const on = (event: EventChannel, listener: (payload: unknown) => void) => {
    if (!EVENT_CHANNELS.includes(event)) throw new Error(`Unknown event channel: ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    return transport.subscribe(event, listener);
  };
  return Object.freeze({ ...api, on }) as unknown as MerchantApi;
}
