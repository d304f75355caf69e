import { existsSync, renameSync } from 'node:fs';
import { AppError } from '@shared/errors';

/** Why a data file could not be used: its bytes are broken, or a newer Merchant Desk wrote it. */
export type DamageReason = 'damaged' | 'newer-version';

/**
 * A data file that stops the app from starting. It carries what the person needs to decide: which
 * file, what it holds, and why; moving it aside (never overwriting it) is the recovery offered.
 */
export class DamagedFileError extends AppError {
  constructor(
    readonly file: string,
    /** What the file holds, in words: "the journal database". */
    readonly what: string,
    readonly reason: DamageReason,
    options: { cause?: unknown; companions?: string[] } = {},
  ) {
    super(
      'file-damaged',
      reason === 'newer-version'
        ? `${capitalise(what)} (${file}) was written by a newer version of Merchant Desk.`
        : `${capitalise(what)} (${file}) is damaged and cannot be read.`,
    );
    this.name = 'DamagedFileError';
    this.cause = options.cause;
    this.companions = options.companions ?? [];
  }

  /** Files that belong with it and move with it (a database's -wal and -shm). */
  readonly companions: string[];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** SQLite's words for a file that is not, or no longer, a database it can read. */
const SQLITE_DAMAGED = /^SQLITE_(NOTADB|CORRUPT)/;

/**
 * Opens a SQLite file; a damaged one is reported as a DamagedFileError naming the file (with its
 * -wal and -shm companions), so start-up can offer to move it aside. Other failures pass unchanged.
 */
export function openSqliteFile<T>(file: string, what: string, open: () => T): T {
  const named = (error: unknown): unknown => {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && SQLITE_DAMAGED.test(code)
      ? new DamagedFileError(file, what, 'damaged', {
          cause: error,
          companions: [`${file}-wal`, `${file}-shm`],
        })
      : error;
  };
  try {
    const opened = open();
    // An open that answers by promise (the journal in its worker) fails by rejection.
    return (
      opened instanceof Promise ? opened.catch((error: unknown) => Promise.reject(named(error))) : opened
    ) as T;
  } catch (error) {
    throw named(error);
  }
}

/**
 * Renames the file (and its companions) to `<name>.damaged-<time>` beside it, with a number added
 * if that name is taken: nothing is ever overwritten or deleted. Returns the new path of the file.
 */
export function moveAside(error: DamagedFileError, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let suffix = `.damaged-${stamp}`;
  for (let n = 2; [error.file, ...error.companions].some((f) => existsSync(f + suffix)); n++) {
    suffix = `.damaged-${stamp}-${n}`;
  }
  for (const companion of error.companions) {
    if (existsSync(companion)) renameSync(companion, companion + suffix);
  }
  renameSync(error.file, error.file + suffix);
  return error.file + suffix;
}
