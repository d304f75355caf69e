import { basename, join } from 'node:path';
import { AppError } from '@shared/errors';
import { isStorageFailure } from '../storage/port/errors';
import { PROFILES_FILE_NAME } from '../services/profiles';
import { DamagedFileError, moveAside } from './damaged-file';

/** The slices of Electron's `app` and `dialog` that a failed start needs; tests pass stand-ins. */
export interface StartupFailureApp {
  releaseSingleInstanceLock(): void;
  relaunch(): void;
  exit(code: number): void;
}
export interface MessageBoxOptions {
  type: 'error';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
  noLink: boolean;
}
export interface StartupFailureDialog {
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
}

export interface StartupFailureDeps {
  app: StartupFailureApp;
  dialog: StartupFailureDialog;
  dataDir: string;
  /** Closes whatever start-up had opened before it failed. */
  dispose: () => Promise<void>;
  log: (line: string) => void;
  now?: () => Date;
  /**
   * Runs once the person chose to move a damaged file aside, before it moves (the journal's fresh
   * start is recorded in the keychain here, so the new journal is not taken for the old one cut short).
   */
  beforeMoveAside?: (damaged: DamagedFileError) => Promise<void>;
}

type Choice = 'recover' | 'retry' | 'quit';
interface Explained {
  message: string;
  detail: string;
  actions: Array<{ label: string; choice: Choice }>;
  /** The button Enter presses: the one that changes nothing on disk. */
  defaultId: number;
  damaged: DamagedFileError | null;
}

const QUIT = { label: 'Quit', choice: 'quit' } as const;

/** A profiles file from a newer version is reported by the profile store; it is one more damaged file. */
function asDamaged(error: unknown, dataDir: string): DamagedFileError | null {
  if (error instanceof DamagedFileError) return error;
  if (error instanceof AppError && error.kind === 'profile-newer-file') {
    return new DamagedFileError(join(dataDir, PROFILES_FILE_NAME), 'the profiles file', 'newer-version', {
      cause: error,
    });
  }
  return null;
}

/** Node's and SQLite's codes for a folder that cannot be written (a full disk: isStorageFailure). */
const UNWRITABLE = /^(EACCES|EPERM|EROFS|ENOTDIR|SQLITE_(READONLY|CANTOPEN|PERM))/;

/** Why the data folder cannot be used, when that is what stopped the start. */
function storageProblem(error: unknown): { code: string; path: string | null; full: boolean } | null {
  const { code, path, syscall } = (error ?? {}) as { code?: unknown; path?: unknown; syscall?: unknown };
  if (typeof code !== 'string') return null;
  const where = typeof path === 'string' ? path : null;
  // A file that may not grow (EFBIG) is a full disk as far as the person can act on it.
  if (isStorageFailure(error) || code === 'EFBIG') return { code, path: where, full: true };
  // A file where the data folder should be: mkdir says EEXIST.
  if (UNWRITABLE.test(code) || (code === 'EEXIST' && syscall === 'mkdir')) {
    return { code, path: where, full: false };
  }
  return null;
}

/** What went wrong, in words, and what the person can do about it. */
export function explainStartupFailure(error: unknown, dataDir: string): Explained {
  const damaged = asDamaged(error, dataDir);
  if (damaged) {
    const newer = damaged.reason === 'newer-version';
    const name = basename(damaged.file);
    return {
      message: damaged.message,
      detail:
        (newer
          ? 'Update Merchant Desk to open it. '
          : 'It may have been cut short by a full disk, a crash or a copy that did not finish. ') +
        `Merchant Desk can move it aside (it is kept, renamed to ${name}.damaged-…, for you or support to look at) and start with a new one. Nothing is deleted.` +
        (newer ? '' : ' Or quit, and restore the file from a backup first.'),
      actions: [{ label: 'Move it aside and start fresh', choice: 'recover' }, QUIT],
      // A newer file is not broken: the safe default is to quit and update.
      defaultId: newer ? 1 : 0,
      damaged,
    };
  }
  if (error instanceof AppError && error.kind === 'journal-locked') {
    return {
      message: 'The journal is in use by another program.',
      detail:
        'Another copy of Merchant Desk (perhaps under another user session), or a backup or sync tool, has the journal open. Close it, then try again.',
      actions: [{ label: 'Try again', choice: 'retry' }, QUIT],
      defaultId: 0,
      damaged: null,
    };
  }
  const storage = storageProblem(error);
  if (storage) {
    const on = storage.path ? ` on ${storage.path}` : '';
    return {
      message: storage.full
        ? 'The disk is full or failing.'
        : 'Merchant Desk cannot write to its data folder.',
      detail:
        (storage.full
          ? `Merchant Desk could not write in ${dataDir} (${storage.code}${on}). Free some space on that disk, then try again; if there is room, the disk itself may be failing: copy the folder somewhere safe first.`
          : `${dataDir} is read-only, belongs to another user, or is not a folder (${storage.code}${on}). Make it a folder you can write to (check its permissions, or that the disk is not mounted read-only), then try again.`) +
        ' Merchant Desk records every operation there before sending it, so it does not start without it. Nothing was changed or lost.',
      actions: [{ label: 'Try again', choice: 'retry' }, QUIT],
      defaultId: 0,
      damaged: null,
    };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return {
    message: 'Merchant Desk could not start.',
    detail: `${reason}\n\nQuit, and start Merchant Desk again. If it keeps happening, contact support with this message.`,
    actions: [QUIT],
    defaultId: 0,
    damaged: null,
  };
}

/**
 * A start that failed leaves no window: say what happened in a dialog, offer the safe recovery (the
 * damaged file moved aside, never overwritten) or quitting, then leave cleanly. The single-instance
 * lock is released before exiting, so a relaunch (ours or the person's) can start.
 */
export async function reportStartupFailure(error: unknown, deps: StartupFailureDeps): Promise<Choice> {
  deps.log(`Merchant Desk could not start: ${error instanceof Error ? error.message : String(error)}`);
  await deps.dispose().catch((failure: unknown) => deps.log(`start-up clean-up: ${String(failure)}`));
  const explained = explainStartupFailure(error, deps.dataDir);
  let choice: Choice = 'quit';
  try {
    const { response } = await deps.dialog.showMessageBox({
      type: 'error',
      title: 'Merchant Desk could not start',
      message: explained.message,
      detail: explained.detail,
      buttons: explained.actions.map((a) => a.label),
      defaultId: explained.defaultId,
      cancelId: explained.actions.length - 1,
      noLink: true,
    });
    choice = explained.actions[response]?.choice ?? 'quit';
    if (choice === 'recover' && explained.damaged) {
      // Not recorded (no keychain): the file still moves, and the new journal says the old one is gone.
      await deps.beforeMoveAside?.(explained.damaged).catch((failure: unknown) => {
        deps.log(`start-up recovery could not record the fresh start: ${String(failure)}`);
      });
      deps.log(`Moved ${explained.damaged.file} aside to ${moveAside(explained.damaged, deps.now?.())}`);
    }
  } catch (failure) {
    deps.log(`start-up recovery failed: ${String(failure)}`);
    if (choice === 'recover' && explained.damaged) await tellMoveFailed(deps, explained.damaged, failure);
    choice = 'quit';
  }
  deps.app.releaseSingleInstanceLock();
  if (choice === 'quit') {
    deps.app.exit(1);
  } else {
    deps.app.relaunch();
    deps.app.exit(0);
  }
  return choice;
}

/** The file could not be moved (permissions, a read-only disk): say so, and how to do it by hand. */
async function tellMoveFailed(deps: StartupFailureDeps, damaged: DamagedFileError, failure: unknown) {
  await deps.dialog
    .showMessageBox({
      type: 'error',
      title: 'Merchant Desk could not start',
      message: 'The file could not be moved aside.',
      detail: `${failure instanceof Error ? failure.message : String(failure)}\n\nMove or rename ${damaged.file} yourself, then start Merchant Desk again.`,
      buttons: [QUIT.label],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    })
    .catch(() => undefined);
}
