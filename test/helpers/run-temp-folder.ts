import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest's global setup: one temp folder for the whole run, removed when the run ends. Every test and
 * child process makes its folders in the system's temp folder (os.tmpdir()), and many never remove
 * theirs: a test that reopens a desk's data folder after its harness is disposed needs it kept until
 * then. Pointed at this folder (TMPDIR and its Windows names, which os.tmpdir() reads and the workers
 * and their children inherit), they are all removed at the end instead of piling up in /tmp (7.8 GB
 * after a day of runs on this machine). The Playwright specs' hosts remove their own data folders when
 * they close (host/server.ts): moving that runner's temp folder would also move its transform cache.
 *
 * KEEP_TEST_TMP=1 keeps the folder, to look at what a failed test left; its path is printed.
 */
const MADE = 'MD_TEST_RUN_FOLDER';

export default function runTempFolder(): () => void {
  // Vitest runs a global setup once for each project (lane): the first one makes the folder, the
  // others find it (nested folders made unix socket paths too long).
  if (process.env[MADE]) return () => {};
  const folder = mkdtempSync(join(tmpdir(), 'md-test-run-'));
  // The PostgreSQL clusters run as the postgres user, in folders of their own inside this one.
  chmodSync(folder, 0o755);
  // os.tmpdir() reads TMPDIR on Linux and macOS, TEMP (then TMP) on Windows.
  process.env.TMPDIR = process.env.TEMP = process.env.TMP = folder;
  process.env[MADE] = folder;
  return () => {
    delete process.env[MADE];
    if (process.env.KEEP_TEST_TMP === '1') console.log(`KEEP_TEST_TMP: the run's temp folder is ${folder}`);
    else rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  };
}
