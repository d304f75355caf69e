import type { ApprovalQueueItem } from '@contract';
import { describeApprovalWaiting } from '../approval-notices';
import type { Confirmer } from '../confirm/confirmer';
import type { createNotifier } from '../notifications';
import type { Emit } from '../events';
import type { Disposer } from '../lifecycle';
import type { TeamLedger } from './team-ledger';
import { registerApprovals, type ApprovalsModuleDeps } from './approvals';
import { watchApprovals } from './approvals-watch';
import { registerTeam } from './team';
import type { ChannelRegistry } from './channels';

/**
 * Settings → Team and the approval queue (issue 28): both work on the team's session, and every
 * entry the live sync sees change is announced to the window and, when an approval moved, to the queue.
 */
export function registerTeamModules(
  router: ChannelRegistry,
  deps: {
    team: TeamLedger;
    confirm: Confirmer;
    emit: Emit<'team:status' | 'team:changed' | 'approvals:changed'>;
    entryChanged(id: number): Promise<void>;
    /** Main's own open-file dialog for the team's CA (the app's); absent in tests. */
    options: { chooseCaFile?: (() => Promise<string | null>) | undefined };
    chooseExportPath: ApprovalsModuleDeps['chooseExportPath'];
    activeScope: ApprovalsModuleDeps['scope'];
    logLine(line: string): void;
    /** The desk's notifier (notifications.ts): approvers hear of a withdrawal waiting for them. */
    notifier?: { tell: ReturnType<typeof createNotifier>['tell'] };
    networkName?: (coin: string, network: string) => string | null;
  },
): Disposer {
  const { team, confirm, emit } = deps;
  const session = () => team.session();
  const { notifier } = deps;
  const approvalsChanged = watchApprovals({
    session,
    emit,
    logLine: deps.logLine,
    ...(notifier
      ? {
          notify: (item: ApprovalQueueItem) =>
            // No journal link: a withdrawal waiting for approval is not in the Journal until it is sent.
            notifier.tell('approval-waiting', describeApprovalWaiting(item, deps.networkName), {
              entryId: null,
              profileId: item.profileId,
            }),
        }
      : {}),
  });
  const entryChanged = (id: number) => {
    approvalsChanged(id);
    return deps.entryChanged(id);
  };
  const disposers = [
    registerTeam(router, {
      team,
      confirm,
      emit,
      entryChanged,
      ...(deps.options.chooseCaFile ? { chooseCaFile: deps.options.chooseCaFile } : {}),
    }),
    registerApprovals(router, {
      session,
      confirm,
      scope: deps.activeScope,
      chooseExportPath: deps.chooseExportPath,
    }),
  ];
  return async () => {
    for (const dispose of disposers.reverse()) await dispose();
  };
}
