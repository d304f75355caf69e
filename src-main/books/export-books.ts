import { rmSync } from 'node:fs';
import { AppError } from '@shared/errors';
import type { BookFormat, BooksExportResult } from '@shared/domain/books';
import type { JournalStore } from '../storage/port';
import type { SessionsStore } from '../storage/port/recon-store';
import { writeFileAtomic } from '../services/atomic-file';
import { formatFiles, stampText, type BooksStamp } from './book-files';
import { readPeriod, type BooksPeriod } from './period';

export interface BooksExportDeps {
  journal: Pick<JournalStore, 'list' | 'events' | 'deposits' | 'verifyChain'>;
  sessions: Pick<SessionsStore, 'must'>;
  /** The save dialog in the app (a temp folder in tests). Null: cancelled. */
  chooseExportPath: (suggestedName: string) => Promise<string | null>;
}

export type BooksTarget =
  | { format: BookFormat; profileId: string; environment: string; from: string; to: string }
  | { format: BookFormat; profileId: string; environment: string; sessionId: number };

const EXTENSION: Record<BookFormat, string> = {
  quickbooks: '.csv',
  xero: '.csv',
  koinly: '.csv',
  ofx: '.ofx',
};

/** The period asked for, or the one of a session of this profile (another profile's is not found). */
async function periodOf(deps: BooksExportDeps, target: BooksTarget) {
  if (!('sessionId' in target))
    return { period: { profileId: target.profileId, from: target.from, to: target.to } as BooksPeriod };
  const row = await deps.sessions.must(target.sessionId);
  if (row.profile_id !== target.profileId)
    throw new AppError(
      'journal-not-found',
      `Session ${target.sessionId} belongs to another profile; switch to it to export it.`,
    );
  const period: BooksPeriod = { profileId: row.profile_id, from: row.from_at, to: row.to_at };
  return { period, session: { id: row.id, closedBy: row.closed_by, closedAt: row.closed_at } };
}

/**
 * Exports one period's books in one format, from the journal alone: its files, and beside them the
 * stamp that ties them to the chain. Refused while the chain does not check, since the stamp would
 * vouch for a ledger that does not hold. Every file is written atomically; if one fails, the ones
 * already written are removed, so no half export is left to import.
 */
export async function exportBooks(deps: BooksExportDeps, target: BooksTarget): Promise<BooksExportResult> {
  const { period, session } = await periodOf(deps, target);
  const check = await deps.journal.verifyChain();
  if (!check.ok)
    throw new AppError(
      'journal-conflict',
      `The journal's chain check failed (${check.brokenAt.reason}): books exported now could not be tied to it. Check the chain in the Journal first.`,
    );
  const books = await readPeriod(deps.journal, period);
  const files = formatFiles(books, target.format);
  const withoutRate = books.movements.filter((m) => m.usdValue === null).length;
  const position = books.position ? `event #${books.position.seq} ${books.position.hash}` : null;
  const counts = { movements: books.movements.length, withoutRate, chainPosition: position };

  // UX rule 2: a Sandbox export says so, from its name on.
  const play = target.environment === 'sandbox' ? 'SANDBOX-not-payable-' : '';
  const suggested = `merchant-desk-${play}${target.format}-${period.from.slice(0, 10)}-to-${period.to.slice(0, 10)}${EXTENSION[target.format]}`;
  const chosen = await deps.chooseExportPath(suggested);
  if (!chosen) return { paths: [], stampPath: null, ...counts };
  const base = chosen.replace(/\.(csv|ofx|txt)$/i, '');
  const named = files.map((f) => ({ ...f, name: `${base}${f.suffix}` }));
  const stamp: BooksStamp = {
    format: target.format,
    environment: target.environment,
    ...(session ? { session } : {}),
  };
  const stampPath = `${base}.chain-head.txt`;
  const written: string[] = [];
  try {
    for (const file of named) {
      writeFileAtomic(file.name, file.text);
      written.push(file.name);
    }
    writeFileAtomic(stampPath, stampText(books, stamp, named));
  } catch (error) {
    for (const path of written) rmSync(path, { force: true });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError(
      'internal',
      `The export could not be saved next to ${chosen} (${reason}); nothing was left behind. Choose a folder you can write to and try again.`,
    );
  }
  return { paths: written, stampPath, ...counts };
}
