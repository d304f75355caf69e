import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const DESK_ID = /^desk-[0-9a-f-]{36}$/;

/** Where this install keeps its desk id: in its data folder, beside the journal. */
export const deskIdFile = (dataDir: string) => join(dataDir, 'desk-id');

/**
 * This install's desk id, made once and kept in the data folder. The entries a desk writes carry it,
 * so that recovery at start-up marks only this desk's interrupted sends unknown, never another desk's
 * on a shared ledger. A file that holds something else is refused rather than replaced: a new id would
 * orphan this desk's in-flight rows.
 */
export function loadDeskId(dataDir: string): string {
  const file = deskIdFile(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let fd: number;
  try {
    // 'wx': two starts at once cannot both make one; the loser reads the winner's.
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readDeskId(file);
  }
  const id = `desk-${randomUUID()}`;
  try {
    writeSync(fd, `${id}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return id;
}

function readDeskId(file: string): string {
  const text = readFileSync(file, 'utf8').trim();
  if (!DESK_ID.test(text))
    throw new Error(
      `${file} does not hold a desk id; restore it from a backup (or remove it if this desk has no requests in flight).`,
    );
  return text;
}
