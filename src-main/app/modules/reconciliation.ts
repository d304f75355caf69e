import { AppError } from '@shared/errors';
import type { Reconciliation } from '../../services/reconciliation/service';
import { writeReport } from '../../services/reconciliation/report';
import { recordedName } from '../desk-user';
import type { Disposer } from '../lifecycle';
import type { ProfileScope } from '../profile-scope';
import { handleAll, type ChannelRegistry } from './channels';

export interface ReconciliationModuleDeps {
  reconciliation: Reconciliation;
  scope: () => Pick<ProfileScope, 'session'>;
  /** Where to write the report: a save dialog in the app, the data folder in the test host. Null = cancelled. */
  chooseExportPath: (suggestedName: string) => Promise<string | null>;
  /** The signed-in OS user, recorded as who started, reviewed or closed; the page's name is a note. */
  deskUser: () => string;
}

/** Sessions belong to the profile they were started on; another profile's session is not shown. */
export function registerReconciliation(router: ChannelRegistry, deps: ReconciliationModuleDeps): Disposer {
  const { reconciliation } = deps;
  const profile = () => deps.scope().session.profile;
  const own = async (id: string) => {
    const view = await reconciliation.get(id);
    if (view.profileId !== profile().id)
      throw new AppError(
        'journal-not-found',
        `Session ${id} belongs to another profile; switch to it to see it.`,
      );
    return view;
  };
  return handleAll(router, {
    'reconcile:start': ({ from, to }) => {
      const { id, environment } = profile();
      return reconciliation.start({ profileId: id, environment, from, to, by: deps.deskUser() });
    },
    'reconcile:get': ({ id }) => own(id),
    'reconcile:snapshot': async ({ id }) => {
      await own(id);
      return reconciliation.snapshotNow(id);
    },
    'reconcile:list': async () => ({
      sessions: (await reconciliation.list(profile().id)).map((row) => ({
        id: String(row.id),
        period: { from: row.from_at, to: row.to_at },
        state: row.state,
        startedAt: row.started_at,
        startedBy: row.started_by,
        closed:
          row.state === 'closed' && row.closed_at && row.closed_by
            ? {
                by: row.closed_by,
                note: row.close_note ?? '',
                at: row.closed_at,
                withExceptions: row.with_exceptions === 1,
              }
            : null,
      })),
    }),
    'reconcile:people': async ({ id }) => {
      await own(id);
      const { started, reviews, closed } = await reconciliation.people(id);
      const step = ({ person, deskName, at }: { person: string; deskName: string; at: string }) => ({
        person,
        deskName,
        at,
      });
      return {
        started: step(started),
        reviews: reviews.map((r) => ({ ...step(r), itemKey: r.itemKey })),
        closed: closed ? step(closed) : null,
      };
    },
    'reconcile:review': async ({ id, itemKey, note, name }) => {
      await own(id);
      return reconciliation.review(id, itemKey, note, recordedName(deps.deskUser(), name));
    },
    'reconcile:close': async ({ id, name, note, withExceptions }) => {
      await own(id);
      return reconciliation.close(id, { by: recordedName(deps.deskUser(), name), note, withExceptions });
    },
    'reconcile:export': async ({ id }) => {
      await own(id);
      const session = await reconciliation.report(id);
      if (!session)
        throw new AppError('journal-conflict', 'Close the session first: a report is of a closed session.');
      const path = await deps.chooseExportPath(
        `merchant-desk-reconciliation-${id}-${session.period.to.slice(0, 10)}.csv`,
      );
      if (!path) return { path: null, summaryPath: null, rows: 0 };
      try {
        return writeReport(path, session);
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new AppError(
          'internal',
          `The report could not be saved to ${path} (${reason}); nothing was left behind. Choose a folder you can write to and try again.`,
        );
      }
    },
  });
}
