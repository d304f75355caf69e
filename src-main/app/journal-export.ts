import { rmSync } from 'node:fs';
import type { ResponseOf } from '@contract';
import { AppError } from '@shared/errors';
import type { Journal } from '../journal';
import { writeFileAtomic } from '../services/atomic-file';

export interface JournalExportDeps {
  journal: Pick<Journal, 'exportCsv' | 'verifyChain'>;
  /** Where to write the CSV: a save dialog in the app, a temp folder in the test host. Null = cancelled. */
  chooseExportPath: (suggestedName: string) => Promise<string | null>;
  now?: () => Date;
}

/**
 * Writes the journal as CSV, and beside it (a comment row would break spreadsheet imports) the chain
 * head at export time, so a reconciler can later prove the file matches the journal. Each file is
 * replaced atomically: a failed export leaves the previous file or none, never half a file.
 */
export async function exportJournalCsv(deps: JournalExportDeps): Promise<ResponseOf<'journal:export-csv'>> {
  // The snapshot is taken before the dialog: the file holds what the journal said when asked.
  const csv = deps.journal.exportCsv();
  const check = deps.journal.verifyChain();
  const chainHead = check.ok ? check.head : null;
  const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  const path = await deps.chooseExportPath(`merchant-desk-journal-${today}.csv`);
  if (!path) return { path: null, rows: csv.rows, chainHead };

  const headFile = `${path}.chain-head.txt`;
  try {
    writeFileAtomic(path, csv.text);
  } catch (error) {
    throw saveFailed(path, error);
  }
  try {
    writeFileAtomic(
      headFile,
      `${chainHead ?? `chain check failed: ${check.ok ? '' : check.brokenAt.reason}`}\n`,
    );
  } catch (error) {
    // An older head file beside the new CSV would vouch for the wrong content: better none at all.
    try {
      rmSync(headFile, { force: true });
    } catch {
      // Reported below all the same: the export as a whole failed.
    }
    throw saveFailed(headFile, error);
  }
  return { path, rows: csv.rows, chainHead };
}

function saveFailed(path: string, error: unknown): AppError {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new AppError(
    'internal',
    `The export could not be saved to ${path} (${reason}). Choose a folder you can write to and try again.`,
  );
}
