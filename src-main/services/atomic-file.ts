import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `file` so that after a crash or power cut it holds either the old or the new content,
 * never a torn mix: write a temp file next to it, fsync it, rename over, then fsync the folder so the
 * rename itself is on disk. A temp file that a killed writer left beside it (half a file) is removed
 * first, so a crash never leaves a half file behind once the same file is written again.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): void {
  removeStaleTemps(file);
  const temp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'wx', mode);
    // writeSync may write less than asked (a file-size limit, a nearly full disk) without throwing:
    // keep writing until all of it is down, so the next call surfaces the error instead of a short
    // temp file being renamed into place as if it were whole.
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    for (let offset = 0; offset < bytes.length;) {
      const written = writeSync(fd, bytes, offset, bytes.length - offset);
      if (written <= 0) throw new Error(`Nothing more could be written to ${temp}.`);
      offset += written;
    }
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, file);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  fsyncDir(dirname(file));
}

/**
 * Renames a file the desk cannot read but can start without (labels, preferences) to
 * `<name>.unreadable-<time>` beside it, so the next save starts a new file instead of overwriting
 * what a person or support may still recover. Returns the new path.
 */
export function setAsideUnreadable(file: string, now: Date = new Date()): string {
  const aside = `${file}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  return aside;
}

/** `<name>.tmp-<pid>-<8 hex>` of a process that is gone; one still running may be writing it now. */
function removeStaleTemps(file: string): void {
  const prefix = `${basename(file)}.tmp-`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return; // The write itself will say what is wrong with the folder.
  }
  for (const name of names) {
    const pid = name.startsWith(prefix)
      ? /^(\d+)-[0-9a-f]{8}$/.exec(name.slice(prefix.length))?.[1]
      : undefined;
    if (pid !== undefined && !isRunning(Number(pid))) rmSync(join(dirname(file), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  // This process writes synchronously: a temp file named after it is never one in progress.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function fsyncDir(dir: string): void {
  // Windows cannot open a directory for fsync; its rename is already durable enough there.
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
