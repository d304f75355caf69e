/**
 * The contract's checks, built on first use. The dynamic import puts them, the contract's schemas
 * and zod in a chunk of their own, fetched and compiled on the first answer or push, after the shell
 * has painted: the initial bundle holds none of them. The schemas are the same objects main's router
 * uses: validation is not lighter, only later.
 */
export type ContractCheck = typeof import('./contract-check');

let loaded: ContractCheck | undefined;
let loading: Promise<ContractCheck> | undefined;

/** The checks if they have been built already; undefined until the first loadContractCheck() settles. */
export function loadedContractCheck(): ContractCheck | undefined {
  return loaded;
}

/** Builds the checks once; every caller gets the same module (the same schema objects). */
export function loadContractCheck(): Promise<ContractCheck> {
  loading ??= import('./contract-check').then((check) => (loaded = check));
  return loading;
}
