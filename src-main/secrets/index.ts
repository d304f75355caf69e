export { SecretStoreError } from './secret-store';
export type { SecretStore } from './secret-store';
export { createKeytarStore } from './keytar-store';
/** @internal For tests and the browser test host. */
export { createMemoryStore } from './memory-store';
