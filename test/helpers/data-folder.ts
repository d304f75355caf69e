import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A desk's data folder for a test host or a launched app: the one the caller gave, which stays the
 * caller's, or a new temp folder (`prefix`), which `remove` deletes once the app has closed.
 */
export function dataFolder(prefix: string, given?: string): { path: string; remove: () => void } {
  if (given) return { path: given, remove: () => {} };
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true, maxRetries: 3 }) };
}
