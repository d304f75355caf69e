import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { JournalError } from '../../storage/port/errors';
import type { JournalStore } from '../../storage/port/journal-store';
import type { WebhookLog } from '../../storage/port/webhook-log';
import { isConnectionFailure } from '../../storage/pg/errors';
import { openPgJournalStore, type PgJournalStore, type Provenance } from '../../storage/pg/journal-store';
import { AppError } from '@shared/errors';
import { deskConnection, type DeskConnection } from '../../storage/pg/desk-connection';
import { openPgReconciliation, openPgWebhookLog } from '../../storage/pg/recon-stores';
import { openPgApprovals } from '../../storage/pg/approvals-store';
import type { ApprovalsStore } from '../../storage/port/approvals';
import type { OpenTeamCopyStore } from '../../storage/port/team-copy';
import { clientConfig } from '../../team/connection-settings';
import { startLiveSync, type SyncStatus } from '../../team/live-sync';
import { gateTeamStore } from '../../team/team-gate';
import { openLocalCopy, type LocalCopy } from '../../team/local-copy';
import type { TeamSecrets } from '../../team/team-secrets';
import { createPendingAnswers, readHeldAnswers, type PendingAnswers } from '../pending-answers';
import type { TeamMembership } from '../../team/team-file';
import { offlineTeamJournal } from './team-offline-journal';

export interface TeamSessionListeners {
  /** Entries another desk (or this one) changed, seen by the live sync. */
  onApplied(ids: number[]): void;
  /** The connection changed; read `status()` again. */
  onStatus(): void;
  /** The server came back after the desk opened offline: the real ledger replaces the copy. */
  onReopened(journal: JournalStore): void;
  /** The team's desks or people changed on the server. */
  onTeamChanged(): void;
}

export interface TeamSession {
  membership: TeamMembership;
  journal: JournalStore;
  webhookLog: WebhookLog;
  /**
   * The team's answers that arrived while its server could not record them: in a side file of their
   * own (team-ledger.answers.json), so they are never settled on the desk's own journal's entries.
   */
  pending: PendingAnswers;
  /** A connection as this person at this desk, for the admin's views and "who did what". */
  pool: DeskConnection;
  sync: SyncStatus;
  /** Why the ledger could not be opened although the server answered (a revoked desk, say), in words. */
  problem: string | null;
  mode: PgJournalStore['mode'] | null;
  role: 'viewer' | 'operator' | 'admin' | null;
  /** Which desk and login made each step of an entry (h-ledger's provenance), from the server only. */
  provenance(id: number): Promise<Provenance | null>;
  close(): Promise<void>;
  /** Four-eyes approvals (issue 28), as this person at this desk: the server holds every rule. */
  approvals: ApprovalsStore;
}

/**
 * Opens the team's ledger as this desk: the person's login from the keychain, the desk attached on
 * every connection, the live sync keeping the local copy current. When the server cannot be reached
 * the desk opens on its copy, read-only, and switches to the ledger once the live sync is back.
 */
export async function openTeamSession(options: {
  dataDir: string;
  membership: TeamMembership;
  secrets: TeamSecrets;
  listeners: TeamSessionListeners;
  sealKey: Buffer;
  /** The storage of the offline copy (the composition root's choice). */
  openCopy: OpenTeamCopyStore;
  logLine(line: string): void;
}): Promise<TeamSession> {
  const { membership, secrets, listeners, logLine, sealKey } = options;
  const [password, token] = [await secrets.get('password'), await secrets.get('deskToken')];
  if (!password || !token)
    throw new JournalError(
      'locked',
      'This desk joined a team, but its password or desk token is not in the keychain. Leave the team in Settings → Team and join again with a new enrollment code.',
    );
  const config = clientConfig(membership.connection, password);
  const copy: LocalCopy = openLocalCopy(options.openCopy(join(options.dataDir, 'team-copy.sqlite')));
  const storePool = new pg.Pool({ ...config, max: 4 });
  // A connection that dies mid-query (the server restarted) emits 'error' on its client: unheard, that
  // would end main. The store sees the failed query itself and says so in words.
  storePool.on('error', () => {});
  storePool.on('connect', (client) => client.on('error', () => {}));
  const side = deskConnection({ ...config, max: 3 }, { deskUuid: membership.deskId, token });
  const offlineWords = () =>
    session.problem ??
    `The team ledger is unreachable: nothing can be claimed, sent or resolved until it is back.${copy.asOf() ? ` This desk shows its copy as of ${copy.asOf()}.` : ''}`;

  const answersFile = join(options.dataDir, 'team-ledger.answers.json');
  const settleNow = {
    settle: (id: number, input: Parameters<JournalStore['settle']>[1]) => session.journal.settle(id, input),
  };
  const found = readHeldAnswers(answersFile, sealKey, logLine);
  let held = createPendingAnswers(answersFile, settleNow, logLine, {
    key: sealKey,
    refusedInPlace: found.refused,
  });
  for (const answer of found.answers) held.hold(answer);

  let store: PgJournalStore | null = null;
  /** One attempt at a time: the first open and the live sync's 'live' may ask together. */
  let opening: Promise<boolean> | null = null;
  const session: TeamSession = {
    membership,
    journal: offlineTeamJournal(copy, membership.deskId, offlineWords),
    webhookLog: openPgWebhookLog(side),
    pending: { hold: (a) => held.hold(a), flush: () => held.flush(), held: () => held.held() },
    pool: side,
    approvals: openPgApprovals(side),
    sync: { state: 'connecting' },
    problem: null,
    mode: null,
    role: null,
    async provenance(id) {
      if (!store) throw new AppError('unavailable', offlineWords());
      return store.provenance(id);
    },
    close: async () => {
      await sync.stop();
      await store?.close().catch(() => {});
      await storePool.end().catch(() => {});
      await side.close().catch(() => {});
      copy.close();
    },
  };

  const learnRole = async () => {
    const rows = await side.query<{ role: TeamSession['role'] }>(
      'SELECT role FROM md.team_people WHERE person = session_user',
    );
    session.role = rows[0]?.role ?? null;
  };

  const openStore = () => {
    opening ??= tryOpen().finally(() => (opening = null));
    return opening;
  };

  async function tryOpen(): Promise<boolean> {
    if (store) return true;
    // Held answers are recorded as the ledger opens, before this desk's open claims become unknown.
    const given = held.held();
    try {
      store = await openPgJournalStore(storePool, {
        deskId: membership.deskId,
        deskToken: token!,
        heldAnswers: given,
        reconciliation: openPgReconciliation(side),
      });
    } catch (error) {
      if (isConnectionFailure(error) || (error as JournalError).kind === 'journal-write-failed') return false;
      // The server answered and refused (a revoked desk, a schema to migrate): the desk stays on its
      // copy, read-only, and says why; it does not try again by itself.
      session.problem = error instanceof Error ? error.message : String(error);
      logLine(`team ledger: ${session.problem}`);
      listeners.onStatus();
      return false;
    }
    session.problem = null;
    if (given.length > 0) {
      const recorded = new Set(store.settledAtOpen);
      const later = held.held().filter((a) => !recorded.has(a.journalId));
      rmSync(answersFile, { force: true });
      held = createPendingAnswers(answersFile, settleNow, logLine, { key: sealKey });
      for (const answer of later) held.hold(answer);
      logLine(`team ledger: ${recorded.size} answer(s) held while the server was away are now recorded`);
    }
    if (store.chainProblem) logLine(`team ledger: ${store.chainProblem}`);
    if (store.recovered.length)
      logLine(`team ledger: ${store.recovered.length} claim(s) of this desk marked unknown`);
    session.mode = store.mode;
    session.journal = gateTeamStore(store, sync);
    await learnRole().catch((error: unknown) =>
      logLine(`team: reading this person's role failed: ${String(error)}`),
    );
    return true;
  }

  const sync = startLiveSync({
    connect: async () => {
      const client = new pg.Client(config);
      client.on('error', () => {});
      await client.connect();
      return client;
    },
    copy,
    onApplied: (changes) => listeners.onApplied(changes.map((c) => c.id)),
    onTeamChanged: () => {
      listeners.onTeamChanged();
      // A role changed on the server (md_team): what main refuses and what the screens offer follow it
      // (issue 28 item 1), so a viewer made operator need not restart the app.
      if (!store) return;
      const before = session.role;
      void learnRole()
        .then(() => session.role !== before && listeners.onStatus())
        .catch((error: unknown) => logLine(`team: reading this person's role failed: ${String(error)}`));
    },
    onStatus: (status) => {
      session.sync = status;
      listeners.onStatus();
      if (status.state === 'live' && !store && !opening && !session.problem) {
        void openStore()
          .then((opened) => {
            if (opened) {
              listeners.onReopened(session.journal);
              listeners.onStatus();
            }
          })
          .catch((error: unknown) => logLine(`team ledger: reopening failed: ${String(error)}`));
      }
    },
  });

  if (!(await openStore()) && !session.problem)
    logLine('team ledger: the server cannot be reached; this desk shows its local copy');
  return session;
}
