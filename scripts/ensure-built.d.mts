/** Types for scripts/ensure-built.mjs (plain JavaScript, so `node` runs it from .ci/run without a compiler). */
export type BuildTarget = 'app' | 'host' | 'children';
export const CHILDREN_DIR: string;
export const ROOT: string;
export const TARGETS: Record<BuildTarget, { outputs: string[]; inputs: string[]; command: string[] }>;
export function isFresh(name: BuildTarget): boolean;
export function ensureBuilt(options?: {
  targets?: BuildTarget[];
  force?: boolean;
  log?: (line: string) => void;
}): BuildTarget[];
