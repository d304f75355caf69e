import type { Profile } from '@shared/domain/profile';
import { AppError } from '@shared/errors';
import { exportBooks, type BooksExportDeps } from '../../books/export-books';
import { printReconReport, type ReconPrintDeps } from '../../books/recon-print';
import type { Reconciliation } from '../../services/reconciliation/service';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface BooksModuleDeps extends BooksExportDeps {
  /** The active profile: main decides whose books are exported, never the renderer. */
  activeProfile: () => Pick<Profile, 'id' | 'environment'>;
  reconciliation: Pick<Reconciliation, 'get' | 'report'>;
  printToPdf?: ReconPrintDeps['printToPdf'];
}

/** Books exports and the printable reconciliation report (issue 29) of the active profile. */
export function registerBooks(router: ChannelRegistry, deps: BooksModuleDeps): Disposer {
  return handleAll(router, {
    'books:export': (request) => {
      const { id, environment } = deps.activeProfile();
      const who = { format: request.format, profileId: id, environment };
      return exportBooks(
        deps,
        'sessionId' in request
          ? { ...who, sessionId: Number(request.sessionId) }
          : { ...who, from: request.from, to: request.to },
      );
    },
    'reconcile:print': async ({ id }) => {
      // Another profile's session is not shown, nor printed.
      if ((await deps.reconciliation.get(id)).profileId !== deps.activeProfile().id)
        throw new AppError(
          'journal-not-found',
          `Session ${id} belongs to another profile; switch to it to print it.`,
        );
      return printReconReport(
        {
          report: (session) => deps.reconciliation.report(session),
          chooseExportPath: deps.chooseExportPath,
          ...(deps.printToPdf ? { printToPdf: deps.printToPdf } : {}),
        },
        id,
      );
    },
  });
}
