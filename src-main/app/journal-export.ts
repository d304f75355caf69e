import { rmSync } from 'node:fs';
import type { ResponseOf } from '@contract';
import { AppError } from '@shared/errors';
import type { EntryFilter, JournalStore } from '../storage/port';
import { writeFileAtomic, writeFileAtomicPieces } from '../services/atomic-file';

export interface JournalExportDeps {
  journal: Pick<JournalStore, 'exportCsv' | 'verifyChain'>;
  /** Where to write the CSV: a save dialog in the app, a temp folder in the test host. Null = cancelled. */
  chooseExportPath: (suggestedName: string) => Promise<string | null>;
  now?: () => Date;
}

/**
 * Writes the journal (or the rows a filter selects) as CSV, and beside it (a comment row would break
 * spreadsheet imports) the chain head at export time, so a reconciler can later prove the file
 * matches the journal. The CSV's own columns say what its USD values are (usd_basis). Each file is replaced atomically: a failed export leaves
 * the previous file or none, never half a file.
 */
export async function exportJournalCsv(
  deps: JournalExportDeps,
  filter: EntryFilter = {},
): Promise<ResponseOf<'journal:export-csv'>> {
  // The snapshot is taken before the dialog: the file holds what the journal said when asked.
  let csv = await deps.journal.exportCsv(filter);
  let check = await deps.journal.verifyChain();
  const headOf = (c: typeof check) => (c.ok ? c.head : null);
  const at = (deps.now?.() ?? new Date()).toISOString();
  const path = await deps.chooseExportPath(`merchant-desk-journal-${at.slice(0, 10)}.csv`);
  if (!path) return { path: null, rows: csv.rows, chainHead: headOf(check), headPath: null };

  const headFile = `${path}.chain-head.txt`;
  try {
    // Streamed, with main answering between pieces. Should the journal change meanwhile (or since
    // the dialog opened), the file would mix two moments: it is taken again, and after two such
    // tries written in one go, which nothing can interrupt.
    for (let attempt = 1; ; attempt++) {
      if (attempt <= 2) await writeFileAtomicPieces(path, csv.pieces());
      else writeFileAtomic(path, await csv.text());
      if (!(await csv.changed())) break;
      csv = await deps.journal.exportCsv(filter);
      check = await deps.journal.verifyChain();
    }
  } catch (error) {
    throw saveFailed(path, error);
  }
  try {
    writeFileAtomic(
      headFile,
      `${headOf(check) ?? `chain check failed: ${check.ok ? '' : check.brokenAt.reason}`}\n`,
    );
  } catch (error) {
    // An older head file beside the new CSV would vouch for the wrong content: better none at all.
    try {
      rmSync(headFile, { force: true });
    } catch {
      // Reported below all the same: the export as a whole failed.
    }
    // Nor may the CSV stay without the head that vouches for it: the export failed as a whole.
    rmSync(path, { force: true });
    throw saveFailed(headFile, error);
  }
  return { path, rows: csv.rows, chainHead: headOf(check), headPath: headFile };
}

function saveFailed(path: string, error: unknown): AppError {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new AppError(
    'internal',
    `The export could not be saved to ${path} (${reason}). Choose a folder you can write to and try again.`,
  );
}
