/**
 * Builds `window.merchant` from the contract: one named verb per invoke channel, grouped by area
 * ("invoices:create" becomes merchant.invoices.create), plus `on` for the fixed set of push events.
 * The same function serves the real preload (over ipcRenderer) and the browser test host (over HTTP),
 * so what the renderer sees cannot drift from what main answers.
 *
 * Every answer and every pushed payload is checked against the contract's schema here, once: an
 * answer that does not match becomes a 'malformed-answer' error, a push that does not match is
 * dropped, and a transport that throws becomes an ordinary error. So the renderer never needs shape
 * guards of its own, and a verb's promise always resolves to an IpcResult.
 *
 * The schemas are built on the first answer or push, not when the bridge is made (contract/lazy.ts):
 * the preload runs before the page's first script, and building them there held the app's first
 * paint back. Pushes that arrive while they are being built are checked and delivered in order.
 */
import { EVENT_CHANNELS, INVOKE_CHANNELS } from './contract/channel-names';
import { loadContract, loadedContract, type Contract } from './contract/lazy';
import type { EventChannel, EventOf, InvokeChannel, IpcResult, RequestOf, ResponseOf } from './contract';
import { issuePath } from '@shared/field-errors';

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

function malformed(channel: InvokeChannel, paths: string[]): IpcResult<never> {
  return {
    ok: false,
    error: {
      kind: 'malformed-answer',
      message:
        'Merchant Desk received an answer from its main process that it could not read, so nothing was shown from it. ' +
        'Try again; if it keeps happening, restart Merchant Desk, and update it if that does not help.',
      details: { channel, paths },
    },
  };
}

const pathsOf = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  issues.slice(0, 5).map((issue) => issuePath(issue.path, '(answer)'));

/** Checks one answer against the channel's response schema; anything else becomes an ErrorInfo. */
async function checkAnswer(channel: InvokeChannel, answer: unknown): Promise<IpcResult<unknown>> {
  if (typeof answer !== 'object' || answer === null) return malformed(channel, ['(answer)']);
  const { ok, data, error } = answer as { ok?: unknown; data?: unknown; error?: unknown };
  const { invokeChannels, ErrorInfo } = loadedContract() ?? (await loadContract());
  if (ok === true) {
    const parsed = invokeChannels[channel].response.safeParse(data);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : malformed(channel, pathsOf(parsed.error.issues));
  }
  if (ok === false) {
    const parsed = ErrorInfo.safeParse(error);
    return parsed.success
      ? { ok: false, error: parsed.data }
      : malformed(
          channel,
          pathsOf(parsed.error.issues).map((p) => `error.${p}`),
        );
  }
  return malformed(channel, ['ok']);
}

function transportFailed(error: unknown): IpcResult<never> {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return {
    ok: false,
    error: {
      kind: 'internal',
      message: `The request did not reach Merchant Desk's main process${detail}. Try again; if it keeps happening, restart the app.`,
    },
  };
}

export function createBridge(transport: BridgeTransport): MerchantApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of INVOKE_CHANNELS) {
    const [group, verb] = channel.split(':') as [string, string];
    api[group] ??= {};
    api[group][camel(verb)] = async (request?: unknown): Promise<IpcResult<unknown>> => {
      let answer: unknown;
      try {
        answer = await transport.invoke(channel, request);
      } catch (error) {
        return transportFailed(error);
      }
      return checkAnswer(channel, answer);
    };
  }
  const on = (event: EventChannel, listener: (payload: unknown) => void) => {
    if (!(EVENT_CHANNELS as readonly string[]).includes(event))
      throw new Error(`Unknown event channel: ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    let subscribed = true;
    const deliver = ({ eventChannels }: Contract, payload: unknown) => {
      const parsed = eventChannels[event].safeParse(payload);
      // A push that breaks the contract is dropped: the screen keeps what it had.
      if (parsed.success && subscribed) listener(parsed.data);
    };
    const unsubscribe = transport.subscribe(event, (payload) => {
      const contract = loadedContract();
      // Before the schemas exist, each push waits on the one load, in arrival order; once it settles,
      // every waiting push is delivered (microtasks) before the next push, a new task, can arrive.
      if (contract) deliver(contract, payload);
      else void loadContract().then((loaded) => deliver(loaded, payload));
    });
    return () => {
      subscribed = false;
      unsubscribe();
    };
  };
  return Object.freeze({ ...api, on }) as unknown as MerchantApi;
}
