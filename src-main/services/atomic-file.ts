import { randomBytes } from 'node:crypto';
import { closeSync, fsync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `file` so that after a crash or power cut it holds either the old or the new content,
 * never a torn mix: write a temp file next to it, fsync it, rename over, then fsync the folder so the
 * rename itself is on disk. A temp file that a killed writer left beside it (half a file) is removed
 * first, so a crash never leaves a half file behind once the same file is written again.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): void {
  const temp = openTemp(file, mode);
  try {
    writeAll(temp, typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data));
    commitTemp(temp, file);
  } catch (error) {
    abandonTemp(temp);
    throw error;
  }
}

/**
 * writeFileAtomic for content made piece by piece (a large export): each piece is written as it comes
 * and the event loop gets a turn between pieces, so main keeps answering while the file grows. The
 * same rules: a failure part-way leaves the previous file or none.
 */
export async function writeFileAtomicPieces(
  file: string,
  pieces: Iterable<string> | AsyncIterable<string>,
  mode = 0o600,
): Promise<void> {
  const temp = openTemp(file, mode);
  // One buffer, reused for every piece: a new one per piece lives outside V8's heap until a
  // collection happens to free it, and a large export made tens of MB of them that way.
  let scratch = Buffer.allocUnsafe(64 * 1024);
  try {
    for await (const piece of pieces) {
      const size = Buffer.byteLength(piece, 'utf8');
      if (size > scratch.length) scratch = Buffer.allocUnsafe(size);
      writeAll(temp, scratch.subarray(0, scratch.write(piece, 'utf8')));
      await new Promise((resolve) => setImmediate(resolve));
    }
    // A large file's fsync can take a while: main waits for it off its thread, then commits as usual.
    await promisify(fsync)(temp.fd);
    commitTemp(temp, file);
  } catch (error) {
    abandonTemp(temp);
    throw error;
  }
}

interface Temp {
  path: string;
  fd: number;
}

/** `<file>.tmp-<pid>-<8 hex>`, created new beside `file`, once a killed writer's leftovers are gone. */
function openTemp(file: string, mode: number): Temp {
  removeStaleTemps(file);
  const path = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  return { path, fd: openSync(path, 'wx', mode) };
}

/** On disk, then renamed over `file`, then the rename itself on disk. */
function commitTemp(temp: Temp, file: string): void {
  fsyncSync(temp.fd);
  closeSync(temp.fd);
  temp.fd = -1;
  renameSync(temp.path, file);
  fsyncDir(dirname(file));
}

/** A failed write leaves no temp file behind (once renamed, there is nothing left to remove). */
function abandonTemp(temp: Temp): void {
  if (temp.fd !== -1) closeSync(temp.fd);
  rmSync(temp.path, { force: true });
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
  // A piecewise write (an export) of this process may be under way: its own failures remove their temp.
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * writeSync may write less than asked (a file-size limit, a nearly full disk) without throwing: keep
 * going, so the next call surfaces the error and a short temp file is never renamed into place.
 */
function writeAll(temp: Temp, bytes: Buffer): void {
  for (let offset = 0; offset < bytes.length;) {
    const written = writeSync(temp.fd, bytes, offset, bytes.length - offset);
    if (written <= 0) throw new Error(`Nothing more could be written to ${temp.path}.`);
    offset += written;
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
