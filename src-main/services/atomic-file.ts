import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Replaces `file` so that after a crash or power cut it holds either the old or the new content,
 * never a torn mix: write a temp file next to it, fsync it, rename over, then fsync the folder so the
 * rename itself is on disk.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): void {
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
