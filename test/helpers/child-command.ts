import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The child processes the crash drills and the soak start again and again, by bundle name. Under tsx
 * each start compiled and loaded some hundreds of modules (about 1.6 s of CPU and 1.1 s before it was
 * ready); from its bundle 0.7 s of CPU and 0.55 s. The team's desk child (team-desk.ts) stays under
 * tsx: bundled, the team soak twice saw a desk end by a SIGKILL the soak had not sent, in two runs of
 * three of the system lane, and never under tsx; not understood yet.
 */
export const CHILD_SOURCES = {
  'crash-desk-child': 'test/helpers/crash-desk-child.ts',
  'journal-crash-child': 'test/helpers/journal-crash-child.ts',
  'soak-app-child': 'test/system/soak/app-child.ts',
} as const;

export type ChildName = keyof typeof CHILD_SOURCES;

/**
 * How to start a child with node: its bundle when vitest.config.ts found the bundles as new as their
 * sources (and the app's build, whose storage worker they start), else its source through tsx.
 */
export function childCommand(name: ChildName): { script: string; execArgv: string[] } {
  const dir = process.env.MD_BUILT_TEST_CHILDREN;
  const bundle = dir ? join(dir, `${name}.js`) : null;
  if (bundle && existsSync(bundle)) return { script: bundle, execArgv: [] };
  return { script: join(ROOT, CHILD_SOURCES[name]), execArgv: ['--import', 'tsx'] };
}
