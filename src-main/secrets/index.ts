export { SecretStoreError, checkProfileId, checkSecret } from './secret-store';
export type { SecretStore, SecretStoreErrorKind } from './secret-store';
export { createKeytarStore, keychainHelp } from './keytar-store';
export type { KeytarLike, KeytarStoreOptions } from './keytar-store';
export { createMemoryStore } from './memory-store';
