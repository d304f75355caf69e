import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
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
 * Synchronous on purpose: a response is only written after its state change is on disk. (The sandbox
 * stands alone, so it does not borrow the app's writeFileAtomic; the rules are the same.)
 */
export function saveState(file: string, state: SandboxState): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const bytes = Buffer.from(JSON.stringify(state), 'utf8');
  const fd = openSync(tmp, 'w');
  try {
    // A disk that gives out part-way makes writeSync write less without throwing: keep going until
    // it throws, so a short file is never renamed over the whole one.
    for (let offset = 0; offset < bytes.length;) {
      const written = writeSync(fd, bytes, offset, bytes.length - offset);
      if (written <= 0) throw new Error(`Nothing more could be written to ${tmp}.`);
      offset += written;
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(tmp, file);
}
