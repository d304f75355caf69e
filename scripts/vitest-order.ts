import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest test files first, across the three lanes, so that neither of the two workers is left
 * running one long file alone at the end of the run. Vitest's own order puts each lane after the
 * other and, on a clean clone (no results cache), the larger files first within a lane: the storage
 * contract run in its worker thread (a short file, a long run) then came last and ran alone for
 * over a minute. The seconds each file took come from a measured run (scripts/test-durations.json,
 * written by scripts/test-durations.mjs); a file not listed there is guessed from its lane.
 */
const MEASURED = JSON.parse(
  readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;

/** A new file's guess, by lane: the system lane starts processes, the unit lane rarely waits. */
const GUESS_BY_LANE: Record<string, number> = { system: 10, integration: 4, unit: 1 };

/** Seconds a test file (its path from the repository's root, with `/`) is expected to take. */
export function expectedSeconds(file: string, measured: Record<string, number> = MEASURED): number {
  const known = measured[file];
  if (known !== undefined) return known;
  const lane = /^test\/([^/]+)\//.exec(file)?.[1] ?? '';
  return GUESS_BY_LANE[lane] ?? 1;
}

/** The items, longest expected first; equal guesses keep their order (the sort is stable). */
export function longestFirst<T>(
  items: readonly T[],
  fileOf: (item: T) => string,
  measured: Record<string, number> = MEASURED,
): T[] {
  const seconds = new Map(items.map((item) => [item, expectedSeconds(fileOf(item), measured)]));
  return [...items].sort((a, b) => seconds.get(b)! - seconds.get(a)!);
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(await super.sort(files), (spec) =>
      relative(root, spec.moduleId).split('\\').join('/'),
    );
  }
}
