import { fileURLToPath } from 'node:url';

/**
 * Import aliases shared by every build and test config (tsconfig.base.json `paths` says the same for
 * the type checker): the contract and the shared domain are reached by name, not by `../../../`.
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@contract': here('./src-shared/contract/index.ts'),
  '@bridge': here('./src-preload/bridge.ts'),
  '@shared': here('./src-shared'),
};
