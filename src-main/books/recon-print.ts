import { AppError } from '@shared/errors';
import type { ReconPrintResult } from '@shared/domain/books';
import type { ReconSessionView } from '@shared/domain/reconciliation';
import { writeFileAtomic } from '../services/atomic-file';
import { reconReportHtml } from './recon-report-html';

export interface ReconPrintDeps {
  /** The closed session's report (null while it is open). */
  report: (id: string) => Promise<ReconSessionView | null>;
  chooseExportPath: (suggestedName: string) => Promise<string | null>;
  /** Electron's printToPDF; absent in the browser host, where the page prints with Chromium's own PDF. */
  printToPdf?: (html: string) => Promise<Uint8Array>;
}

/**
 * The printable report of a closed session: saved as PDF where main can print (the app), or handed
 * to the page as HTML to print with the browser's own dialog (the browser host).
 */
export async function printReconReport(deps: ReconPrintDeps, id: string): Promise<ReconPrintResult> {
  const session = await deps.report(id);
  if (!session)
    throw new AppError('journal-conflict', 'Close the session first: a report is of a closed session.');
  const html = reconReportHtml(session);
  if (!deps.printToPdf) return { kind: 'html', path: null, html };
  const play = session.environment === 'sandbox' ? 'SANDBOX-not-payable-' : '';
  const path = await deps.chooseExportPath(
    `merchant-desk-${play}reconciliation-${id}-${session.period.to.slice(0, 10)}.pdf`,
  );
  if (!path) return { kind: 'pdf', path: null };
  const pdf = await deps.printToPdf(html);
  try {
    writeFileAtomic(path, pdf);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError(
      'internal',
      `The report could not be saved to ${path} (${reason}). Choose a folder you can write to and try again.`,
    );
  }
  return { kind: 'pdf', path };
}
