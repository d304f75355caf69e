import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The child processes the crash drills and the soak start again and again, by bundle name. Under tsx
 * each start compiled and loaded some hundreds of modules (about 1.6 s of CPU and 1.1 s before it was
 * ready); from its bundle 0.7 s of CPU and 0.55 s. Under tsx, the team's desk children alone (the team
 * soak and drills start some forty) took about 75 s of CPU of a Vitest run.
 */
export const CHILD_SOURCES = {
  'crash-desk-child': 'test/helpers/crash-desk-child.ts',
  'journal-crash-child': 'test/helpers/journal-crash-child.ts',
  'soak-app-child': 'test/system/soak/app-child.ts',
  'team-desk-child': 'test/helpers/team-desk-child.ts',
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
