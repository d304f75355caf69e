/**
 * The preload's `window.merchant`, checked. Every answer and every pushed payload is checked against
 * the contract's schema, once, before any store sees it: an answer that does not match becomes a
 * 'malformed-answer' error, a push that does not match is dropped, and a transport that fails
 * becomes an ordinary error. So the stores need no shape guards of their own, and a verb's promise
 * always resolves to an IpcResult.
 *
 * The preload passes answers through unchecked (src-preload/bridge.ts says why); the checks load on
 * the first answer or push (contract-loader.ts). Pushes that arrive while they load are checked and
 * delivered in order.
 */
import type { UncheckedMerchantApi } from '@bridge';
import type { EventChannel, EventOf, InvokeChannel, IpcResult, RequestOf, ResponseOf } from '@contract';
import { channelOfVerb, type GroupOf, type VerbOf } from '@shared/ipc-channels';
import { loadContractCheck, loadedContractCheck, type ContractCheck } from './contract-loader';

type Method<C extends InvokeChannel> =
  undefined extends RequestOf<C>
    ? (request?: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>
    : (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>;

export type MerchantApi = {
  [G in GroupOf<InvokeChannel>]: {
    [C in Extract<InvokeChannel, `${G}:${string}`> as VerbOf<C>]: Method<C>;
  };
} & {
  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void;
};

type Verb = (request?: unknown) => Promise<unknown>;

/** Wraps the preload's verbs: the same names, every answer and push checked against the contract. */
export function checkedMerchant(unchecked: UncheckedMerchantApi): MerchantApi {
  const { on: subscribe, ...groups } = unchecked as unknown as Record<string, Record<string, Verb>> &
    Pick<UncheckedMerchantApi, 'on'>;
  const api: Record<string, Record<string, Verb>> = {};
  for (const [group, verbs] of Object.entries(groups)) {
    const checked: Record<string, Verb> = (api[group] = {});
    for (const [verb, send] of Object.entries(verbs)) {
      const channel = channelOfVerb(group, verb);
      checked[verb] = async (request) => {
        let answer: unknown;
        try {
          answer = await send(request);
        } catch (error) {
          return (await loadContractCheck()).transportFailed(error);
        }
        return (await loadContractCheck()).checkAnswer(channel, answer);
      };
    }
  }
  const on = (event: EventChannel, listener: (payload: unknown) => void) => {
    let subscribed = true;
    const deliver = ({ checkPush }: ContractCheck, payload: unknown) => {
      const checked = checkPush(event, payload);
      // A push that breaks the contract is dropped: the screen keeps what it had.
      if (checked && subscribed) listener(checked.payload);
    };
    const unsubscribe = subscribe(event, (payload) => {
      const loaded = loadedContractCheck();
      // Before the checks exist, each push waits on the one load, in arrival order; once it settles,
      // every waiting push is delivered (microtasks) before the next push, a new task, can arrive.
      if (loaded) deliver(loaded, payload);
      else void loadContractCheck().then((check) => deliver(check, payload));
    });
    return () => {
      subscribed = false;
      unsubscribe();
    };
  };
  return Object.freeze({ ...api, on }) as unknown as MerchantApi;
}
