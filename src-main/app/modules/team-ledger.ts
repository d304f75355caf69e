import { rmSync } from 'node:fs';
import type { TeamConnectionInput, TeamJoinInput, TeamStatus, TeamTestResult } from '@contract';
import { AppError } from '@shared/errors';
import type { JournalStore } from '../../storage/port/journal-store';
import type { WebhookLog } from '../../storage/port/webhook-log';
import type { OpenTeamCopyStore } from '../../storage/port/team-copy';
import type { PendingAnswers } from '../pending-answers';
import { parseTeamConnection, type TeamConnectionSettings } from '../../team/connection-settings';
import { testTeamConnection } from '../../team/connection-test';
import { joinTeam } from '../../team/join-team';
import { openLocalCopy } from '../../team/local-copy';
import type { TeamSecrets } from '../../team/team-secrets';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import { readTeamFile, teamFileOf, type TeamMembership } from '../../team/team-file';
import { offlineTeamJournal } from './team-offline-journal';
import { refuseLeavingWithOpenClaims } from './team-open-claims';
import { openTeamSession, type TeamSession } from './team-session';
import type { Switchable } from './team-switch';
import { teamStatusOf } from './team-status';

export interface TeamHooks {
  onApplied(ids: number[]): void;
  onStatus(status: TeamStatus): void;
  /** The team's desks or people changed: the lists are read again. */
  onTeamChanged(): void;
}

export interface TeamLedgerDeps {
  dataDir: string;
  secrets: TeamSecrets;
  /** What every module holds; the team's ledger is put in, and taken out, here. */
  journal: Switchable<JournalStore>;
  webhookLog: Switchable<WebhookLog>;
  pending: Switchable<PendingAnswers>;
  /** This install's own journal, webhook log and held answers: what a desk on no team records in. */
  local: { journal: JournalStore; webhookLog: WebhookLog; pending: PendingAnswers };
  logLine(line: string): void;
  /** Seals the side file of answers the team's server could not record (the desk's chain key). */
  sealKey: Buffer;
  /** The storage of the team's offline copy (the composition root's choice). */
  openCopy: OpenTeamCopyStore;
  /** A unix socket folder as the server: `npm run team:dev` and tests only. */
  allowSocket?: boolean;
}

export type TeamLedger = ReturnType<typeof createTeamLedger>;

const settingsOf = (input: TeamConnectionInput, allowSocket: boolean): TeamConnectionSettings =>
  parseTeamConnection(
    {
      host: input.host,
      port: input.port,
      database: input.database,
      user: input.user,
      ...(input.caPem ? { caPem: input.caPem } : {}),
    },
    { allowSocket },
  );

/**
 * Team mode for the composition root: whether this install records money in a team's ledger, opening
 * it as this desk at start, joining (enrollment) and leaving, each a change of where money is recorded
 * that main confirms. While joined, the modules' journal and webhook log are the team's.
 */
export function createTeamLedger(deps: TeamLedgerDeps) {
  let membership: TeamMembership | null = null;
  let session: TeamSession | null = null;
  /** Set when the team's ledger could not even be opened (its secrets gone, its file unreadable). */
  let broken: string | null = null;
  let hooks: TeamHooks = { onApplied: () => {}, onStatus: () => {}, onTeamChanged: () => {} };
  const allowSocket = deps.allowSocket === true;
  const status = (): TeamStatus => teamStatusOf(membership, session, broken);

  function refuseEverything(words: string) {
    broken = words;
    deps.logLine(`team ledger: ${words}`);
    const empty = openLocalCopy(deps.openCopy(null));
    deps.journal.use(
      offlineTeamJournal(empty, membership?.deskId ?? '00000000-0000-0000-0000-000000000000', () => words),
    );
  }

  async function start(joined: TeamMembership) {
    membership = joined;
    broken = null;
    try {
      session = await openTeamSession({
        dataDir: deps.dataDir,
        membership: joined,
        secrets: deps.secrets,
        sealKey: deps.sealKey,
        openCopy: deps.openCopy,
        logLine: deps.logLine,
        listeners: {
          onApplied: (ids) => hooks.onApplied(ids),
          onStatus: () => hooks.onStatus(status()),
          onReopened: (journal) => deps.journal.use(journal),
          onTeamChanged: () => hooks.onTeamChanged(),
        },
      });
    } catch (error) {
      return refuseEverything((error as Error).message);
    }
    deps.journal.use(session.journal);
    deps.webhookLog.use(session.webhookLog);
    deps.pending.use(session.pending);
  }

  async function stop() {
    deps.journal.use(deps.local.journal);
    deps.webhookLog.use(deps.local.webhookLog);
    deps.pending.use(deps.local.pending);
    const closing = session;
    session = null;
    membership = null;
    broken = null;
    await closing?.close();
  }

  function requireSession(): TeamSession {
    if (!session) throw new AppError('unavailable', 'This desk has not joined a team.');
    return session;
  }

  return {
    status,
    setHooks(next: TeamHooks) {
      hooks = next;
    },
    /** At start: opens the team's ledger if this install joined one (team.json in the data folder). */
    async openIfJoined() {
      let joined: TeamMembership | null;
      try {
        joined = readTeamFile(deps.dataDir, { allowSocket });
      } catch (error) {
        membership = null;
        return refuseEverything((error as Error).message);
      }
      if (joined) await start(joined);
    },
    session: () => session,
    async test(input: TeamConnectionInput): Promise<TeamTestResult> {
      const report = await testTeamConnection(settingsOf(input, allowSocket), input.password);
      return report.ok
        ? { ok: true, words: report.words }
        : { ok: false, problem: report.problem, words: report.words };
    },
    async join(input: TeamJoinInput & { port: number }, confirm: Confirmer): Promise<TeamStatus> {
      if (membership || broken)
        throw new AppError(
          'invalid-request',
          'This desk is already on a team. Leave it first in Settings → Team.',
        );
      const settings = settingsOf(input, allowSocket);
      const report = await testTeamConnection(settings, input.password);
      if (!report.ok) throw new AppError('unavailable', report.words);
      const server = `${settings.host}:${settings.port}/${settings.database}`;
      await requireConfirmation(confirm, {
        title: 'Record this desk’s money in the team’s ledger?',
        lines: [
          `Team ledger: ${server}`,
          `Person: ${report.person} (${report.role})`,
          'From now on every withdrawal, invoice and wallet made on this desk is recorded in the team’s ledger, where every desk of the team sees it.',
          'This desk’s own journal stays on this computer, unchanged; it is used again if the desk leaves the team.',
        ],
        confirmLabel: 'Join the team',
      });
      // The code is spent and the password kept only now, after the person said yes in main.
      const joined = await joinTeam(
        { settings, password: input.password, code: input.code },
        { secrets: deps.secrets, dataDir: deps.dataDir },
      );
      if (!joined.ok) throw new AppError('unavailable', joined.words);
      await start(joined.membership);
      hooks.onStatus(status());
      return status();
    },
    async leave(confirm: Confirmer): Promise<TeamStatus> {
      if (!membership && !broken) return status();
      await refuseLeavingWithOpenClaims(session);
      const server = membership
        ? `${membership.connection.host}:${membership.connection.port}/${membership.connection.database}`
        : 'the team’s ledger';
      await requireConfirmation(confirm, {
        title: 'Leave the team and record money on this desk alone?',
        lines: [
          `Team ledger: ${server}`,
          'From now on withdrawals, invoices and wallets made on this desk are recorded in this desk’s own journal, which the team does not see.',
          'The team’s ledger keeps everything recorded so far. The password and the desk’s token are removed from the keychain; joining again needs a new enrollment code.',
        ],
        confirmLabel: 'Leave the team',
      });
      await stop();
      rmSync(teamFileOf(deps.dataDir), { force: true });
      await deps.secrets.clear();
      hooks.onStatus(status());
      return status();
    },
    requireSession,
    close: stop,
  };
}
