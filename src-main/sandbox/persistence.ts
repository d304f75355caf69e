import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
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
 * Write-to-temp, fsync, rename: a crash leaves either the old file or the new one, never half of one.
 * Synchronous on purpose: a response is only written after its state change is on disk.
 */
export function saveState(file: string, state: SandboxState): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, JSON.stringify(state));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
