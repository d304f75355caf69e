import type { TeamStatus } from '@contract';
import type { ApprovalQueueItem } from '@contract';
import { describeApprovalWaiting } from '../approval-notices';
import type { Confirmer } from '../confirm/confirmer';
import type { createNotifier } from '../notifications';
import type { Emit } from '../events';
import type { Disposer } from '../lifecycle';
import type { TeamLedger } from './team-ledger';
import { registerApprovals, type ApprovalsModuleDeps } from './approvals';
import { registerApprovalsSend, type ApprovalsSendDeps } from './approvals-send';
import type { KeyHold } from '../treasury-keys';
import { registerTreasuryKeys, watchTreasury } from './treasury-watch';
import { watchApprovals } from './approvals-watch';
import { registerTeam } from './team';
import { registerApprovalsPolicy } from './approvals-policy';
import { registerTeamAccess } from './team-access';
import { registerTeamBook } from './team-book';
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
    activeScope: () => ReturnType<ApprovalsModuleDeps['scope']> & ReturnType<ApprovalsSendDeps['scope']>;
    logLine(line: string): void;
    /** Sending approved withdrawals from a treasury desk (issue 28 item 4). */
    treasury: Pick<ApprovalsSendDeps, 'write' | 'networkName' | 'profiles' | 'guard'> & { keys: KeyHold };
    /** The desk's notifier (notifications.ts): approvers hear of a withdrawal waiting for them. */
    notifier?: { tell: ReturnType<typeof createNotifier>['tell'] };
  },
): Disposer {
  const { team, confirm } = deps;
  const session = () => team.session();
  // Only treasury desks hold the key: what the ledger says about this desk is read as the team changes.
  const treasury = watchTreasury({ session, hold: deps.treasury.keys, logLine: deps.logLine });
  const emit: typeof deps.emit = (channel, payload) => {
    deps.emit(channel, payload);
    if (channel === 'team:changed') treasury.teamChanged();
    if (channel === 'team:status') treasury.statusChanged(payload as TeamStatus);
  };
  const { notifier } = deps;
  const approvalsChanged = watchApprovals({
    session,
    emit,
    logLine: deps.logLine,
    ...(notifier
      ? {
          notify: (item: ApprovalQueueItem) =>
            // No journal link: a withdrawal waiting for approval is not in the Journal until it is sent.
            notifier.tell('approval-waiting', describeApprovalWaiting(item, deps.treasury.networkName), {
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
      guard: deps.treasury.guard,
    }),
    registerApprovalsPolicy(router, { session, confirm }),
    registerTeamBook(router, { session, confirm }),
    registerTeamAccess(router, { session, confirm }),
    registerApprovalsSend(router, {
      session,
      confirm,
      scope: deps.activeScope,
      write: deps.treasury.write,
      networkName: deps.treasury.networkName,
      ...(deps.treasury.profiles ? { profiles: deps.treasury.profiles } : {}),
      guard: deps.treasury.guard,
    }),
    registerTreasuryKeys(router, deps.treasury.keys),
  ];
  // A desk that opened on its team before these hooks were set learns its status now.
  treasury.teamChanged();
  return async () => {
    for (const dispose of disposers.reverse()) await dispose();
  };
}
