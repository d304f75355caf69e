import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** prlimit (util-linux) sets this process's file-size limit: a write past it fails (EFBIG), as on a full disk. */
export const hasPrlimit = process.platform === 'linux' && existsSync('/usr/bin/prlimit');

const prlimit = (value?: string): string =>
  execFileSync(
    'prlimit',
    [
      '--pid',
      String(process.pid),
      value ? `--fsize=${value}` : '--fsize',
      '--output=SOFT,HARD',
      '--noheadings',
    ],
    { encoding: 'utf8' },
  ).trim();

/**
 * Runs `run` with a way to cap this process's file size (`limitTo(bytes)`, when the test chooses), and
 * puts the limit back afterwards whatever happened. Nothing else in the process should write meanwhile.
 */
export async function withFileSizeLimit<T>(
  run: (limitTo: (bytes: number) => void) => T | Promise<T>,
): Promise<T> {
  const [soft, hard] = prlimit().split(/\s+/);
  try {
    return await run((bytes) => prlimit(`${bytes}:${hard}`));
  } finally {
    prlimit(`${soft}:${hard}`);
  }
}
