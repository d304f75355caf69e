import { join } from 'node:path';
import type { SecretStore } from '../secrets';
import { loadJournalChain } from '../storage/chain-seal';
import { loadDeskId } from '../storage/desk-id';
import type { JournalStore } from '../storage/port';
import type { WebhookLog } from '../storage/port/webhook-log';
import type { AddressBookStore } from '../storage/port/address-book';
import { openJournalStore } from '../storage/sqlite/journal-store';
import { openWebhookLog } from '../storage/sqlite/webhook-log';
import { openJournalInWorker } from '../storage/sqlite/worker-client';
import { openSqliteTeamCopy } from '../storage/sqlite/team-copy';
import { openSqliteFile } from './damaged-file';
import type { DisposableStore } from './lifecycle';
import { openWithHeldAnswers, type PendingAnswers } from './pending-answers';
import { createTeamLedger, type TeamLedger } from './modules/team-ledger';
import { switchableJournal, switchablePending, switchableWebhookLog } from './modules/team-switch';
import { teamSecrets } from '../team/team-secrets';

export interface OpenedStorage {
  journal: JournalStore;
  pending: PendingAnswers;
  webhookLog: WebhookLog;
  /** Team mode: while this install is on a team, `journal` and `webhookLog` are the team's. */
  team: TeamLedger;
  /**
   * The address book: the desk's own (in its SQLite journal) in team mode too, until the team's
   * ledger serves the same port with its approvals (issue 28 item 5).
   */
  addressBook: AddressBookStore;
}

/**
 * The composition root's choice of storage (with app-services.ts, the only code that names the SQLite
 * room): the journal in its worker thread, sealed with the keychain's key, opened as this install's
 * desk with the answers a full disk held back; and the webhook log beside it. What it opens is
 * released by `owned`, last opened first.
 */
export async function openStorage(
  options: {
    dataDir: string;
    keychain: SecretStore;
    /** The keychain of the team's secrets (a service of its own, so no account meets a profile's). */
    teamKeychain: SecretStore;
    journalOnMainThread?: boolean;
    teamDev?: boolean;
  },
  owned: DisposableStore,
  logLine: (line: string) => void,
): Promise<OpenedStorage> {
  const journalFile = join(options.dataDir, 'journal.sqlite');
  // The journal's chain is sealed with a key kept in the keychain, with the last head it saw.
  const chain = await loadJournalChain(options.keychain, `${journalFile}.chain-seal`, logLine);
  owned.add(() => chain.flush());
  const deskId = loadDeskId(options.dataDir);
  const open = options.journalOnMainThread
    ? async (...args: Parameters<typeof openJournalStore>) => openJournalStore(...args)
    : openJournalInWorker;
  // Answers held beside the journal while the disk was full are recorded first, as it opens.
  const { journal, pending } = await openWithHeldAnswers(
    journalFile,
    async (heldAnswers) =>
      openSqliteFile(journalFile, 'the journal database', () =>
        open(journalFile, {
          deskId,
          heldAnswers,
          chain,
          onIdleError: (error) => logLine(`journal: merging the search index failed: ${String(error)}`),
        }),
      ),
    logLine,
    chain.key,
  );
  owned.add(() => journal.close());
  if (journal.chainProblem) logLine(`journal: ${journal.chainProblem}`);
  if (journal.readOnly) logLine(`journal: ${journal.readOnly}`);
  if (journal.recovered.length)
    logLine(`journal: ${journal.recovered.length} interrupted write(s) marked unknown`);
  const webhookFile = join(options.dataDir, 'webhooks.sqlite');
  const webhookLog = openSqliteFile(webhookFile, 'the webhook log', () => openWebhookLog(webhookFile));
  owned.add(() => webhookLog.close());
  // Money goes to the team's ledger while this install is on a team; the desk's own journal stays
  // open beside it (held answers, and leaving the team), unused for the team's money.
  const current = {
    journal: switchableJournal(journal),
    webhookLog: switchableWebhookLog(webhookLog),
    pending: switchablePending(pending),
  };
  const team = createTeamLedger({
    dataDir: options.dataDir,
    secrets: teamSecrets(options.teamKeychain),
    ...current,
    local: { journal, webhookLog, pending },
    logLine,
    sealKey: chain.key,
    openCopy: openSqliteTeamCopy,
    allowSocket: options.teamDev === true,
  });
  owned.add(() => team.close());
  await team.openIfJoined();
  return { ...current, team, addressBook: journal.addressBook };
}
