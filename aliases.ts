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

/**
 * For the tests only (vitest.config.ts; tsconfig.base.json `paths` for the type checker, Playwright and
 * tsx): a test names what it tests from the repository's top, wherever its lane puts it
 * (scripts/test-aliases.mjs rewrites deep relative imports to these). The app's builds do not know
 * them, so sources cannot use them to step around the import boundaries.
 */
export const testAliases = {
  '@main': here('./src-main'),
  '@renderer': here('./src-renderer/src'),
  '@preload': here('./src-preload'),
  '@test': here('./test'),
};
