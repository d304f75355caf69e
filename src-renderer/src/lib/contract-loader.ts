/**
 * The contract's checks, built on first use. The dynamic import puts them, the contract's schemas
 * and zod in a chunk of their own: the initial bundle holds none of them. The first answer or push
 * asks for them, and they load once the page is first idle, after the frame that shows the shell:
 * an answer that arrives sooner waits for them rather than holding that frame back by the ~25 ms
 * that building the schemas takes. The schemas are the same objects main's router uses: validation
 * is not lighter, only later.
 */
export type ContractCheck = typeof import('./contract-check');

let loaded: ContractCheck | undefined;
let loading: Promise<ContractCheck> | undefined;

/** The checks if they have been built already; undefined until the first loadContractCheck() settles. */
export function loadedContractCheck(): ContractCheck | undefined {
  return loaded;
}

/** When the page is first idle; at most half a second on (a hidden window gets no idle time). */
function whenIdle(): Promise<void> {
  // Looked up on globalThis: the wiring tests run this module in Node, where there is none.
  const { requestIdleCallback } = globalThis as {
    requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  };
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 500 }));
}

/** Builds the checks once; every caller gets the same module (the same schema objects). */
export function loadContractCheck(): Promise<ContractCheck> {
  loading ??= whenIdle()
    .then(() => import('./contract-check'))
    .then((check) => (loaded = check));
  return loading;
}
