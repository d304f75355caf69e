export { SecretStoreError } from './secret-store';
export type { SecretStore } from './secret-store';
export { createKeytarStore } from './keytar-store';
export { createMemoryStore } from './memory-store';
