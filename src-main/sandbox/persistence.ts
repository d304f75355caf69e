import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../services/atomic-file';
import type { SandboxState } from './types';

/** Loads a saved state, or undefined when there is none yet. A corrupt file is an error, not a reset. */
export function loadState(file: string): SandboxState | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SandboxState>;
  if (parsed.version !== 1 || typeof parsed.merchants !== 'object') {
    throw new Error(`${file} is not a sandbox data file (version 1)`);
  }
  return parsed as SandboxState;
}

/**
 * Write-to-temp, fsync, rename (the app's one atomic write): a crash or a disk that gives out
 * part-way leaves either the old file or the new one, never half of one. Synchronous on purpose: a
 * response is only written after its state change is on disk.
 */
export function saveState(file: string, state: SandboxState): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, JSON.stringify(state));
}
