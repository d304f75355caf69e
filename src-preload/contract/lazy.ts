/**
 * The contract's schemas for the bridge, built on first use. Importing the contract evaluates every
 * domain schema (zod) at once; the preload would pay that before the page's first script runs. A
 * dynamic import keeps that module graph out of the preload's start: the bundler (rolldown) wraps it
 * in an init function that runs on the first call here. Validation is not lighter: the same schemas,
 * the same object main's router uses, only built later.
 */
export type Contract = typeof import('../contract');

let loaded: Contract | undefined;
let loading: Promise<Contract> | undefined;

/** The contract if it has been built already; undefined until the first loadContract() settles. */
export function loadedContract(): Contract | undefined {
  return loaded;
}

/** Builds the contract once; every caller gets the same module (the same schema objects). */
export function loadContract(): Promise<Contract> {
  loading ??= import('../contract').then((contract) => (loaded = contract));
  return loading;
}
