import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createIpcRouter } from '../ipc/router';
import { Redactor } from '../security/redactor';
import { checkoutHosts, isAllowedCheckoutUrl } from '../security/window-policy';
import { createKeytarStore } from '../secrets';
import { createProfileStore } from '../services/profiles';
import { treasuryKeys } from './treasury-keys';
import { SANDBOX_PROFILE_ID } from '../services/profiles-schema';
import { openAppSettings } from '../services/app-settings';
import { createConnectionTracker } from './connection';
import { createSandboxHost } from './embedded-sandbox';
import { announceEntryChanges } from './entry-changes';
import { createEmitter } from './events';
import { createMovementValuer } from '../books/movement-valuer';
import { registerBooks } from './modules/books';
import { createJournaledWriter, retryHeldAnswers, type JournaledWriteDeps } from './journaled-write';
import { gateTeamChannels } from './may-prepare';
import { createDeskWebhooks } from './desk-webhooks';
import { webhookTargets } from './webhook-targets';
import { openStorage } from './open-storage';
import { DisposableStore } from './lifecycle';
import { registerDiagnostics } from './modules/diagnostics';
import { registerInvoices } from './modules/invoices';
import { registerJournal } from './modules/journal';
import { registerMarket } from './modules/market';
import { registerMoneyIn } from './modules/money-in';
import { registerNotifications } from './modules/notifications';
import { createNotifier } from './notifications';
import { registerProfiles } from './modules/profiles';
import { registerReconciliation } from './modules/reconciliation';
import { createDeskReconciliation } from './desk-reconciliation';
import { openWalletLabels } from './modules/wallet-labels';
import { registerSandbox } from './modules/sandbox';
import { registerWallets } from './modules/wallets';
import { registerWebhooks } from './modules/webhooks';
import { registerWebhookHosts } from './modules/webhook-hosts';
import { loadReceiverSecret } from '../services/webhook-receiver-secret';
import { registerWithdrawals } from './modules/withdrawals';
import { registerAddressBook } from './modules/address-book';
import { createWithdrawalGuard } from '../services/withdrawal-guard';
import { registerAppLock } from './modules/app-lock';
import { composeDeskConfirm } from './confirm/checked-confirm';
import { osUserName } from './desk-user';
import { registerPassphrase } from './modules/passphrase';
import { registerTeamModules } from './modules/team-modules';
import { registerUpdates } from './modules/updates';
import { holdActiveScope, openProfileScope, type ActiveScope, type ProfileScope } from './profile-scope';
import type { AppServices, AppServicesOptions } from './app-services-types';

export type { AppServices, AppServicesOptions };

/**
 * The composition root of main: every store, service and module, wired without Electron so that the
 * app, the browser test host and the tests all run the same code. What it acquires goes into one
 * DisposableStore; modules receive only what they use, never the whole graph.
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const log = options.log ?? (() => {});
  const redactor = new Redactor();
  const logLine = (line: string) => log(redactor.text(line));
  const owned = new DisposableStore((error) => logLine(`dispose: ${String(error)}`));
  try {
    return await compose(options, { redactor, logLine, owned });
  } catch (error) {
    // A half-built app must not keep a journal open or a sandbox listening.
    await owned.dispose().catch((failure: unknown) => logLine(`dispose: ${String(failure)}`));
    throw error;
  }
}

async function compose(
  options: AppServicesOptions,
  {
    redactor,
    logLine,
    owned,
  }: { redactor: Redactor; logLine: (line: string) => void; owned: DisposableStore },
): Promise<AppServices> {
  const emit = createEmitter({ send: options.emit, redactor, log: logLine });
  const profiles = createProfileStore(options.dataDir, { onWarning: logLine });
  // A key is handed out only while its profile points where the key was entered for.
  const keychain = options.secrets ?? createKeytarStore();
  const { secrets, hold: keyHold } = treasuryKeys(keychain, profiles, options.dataDir, logLine);
  const teamKeychain = options.teamSecrets ?? createKeytarStore({ service: 'Merchant Desk team' });
  const { journal, pending, webhookLog, team, addressBook } = await openStorage(
    { ...options, keychain, teamKeychain },
    owned,
    logLine,
  );
  /** Work started by an event, not by a request: its failure is logged, never lost silently. */
  const failed = (what: string) => (error: unknown) => logLine(`${what} failed: ${String(error)}`);

  const connection = createConnectionTracker((status) => emit('connection:status', status));
  // A cycle, broken by asking late: the scope needs the embedded sandbox's URL, the sandbox's webhook
  // receiver needs the intake, and the intake needs the scope (only when a delivery arrives).
  const late: { scopes?: ActiveScope } = {};
  const activeScope = (): ProfileScope => {
    if (!late.scopes) throw new Error('The active profile is not open yet.');
    return late.scopes.current();
  };
  /** A network's display name from the active profile's catalog ("TRON (TRC-20)"), when known. */
  const networkName = (coin: string, network: string): string | null =>
    late.scopes
      ? (activeScope()
          .rates.snapshot()
          .rows.flatMap((row) => row.pairs)
          .find((p) => p.coin === coin && p.network === network)?.networkName ?? null)
      : null;
  /** Null only while main starts: then no scope is open and no screen can show an entry. */
  const activeProfileId = () => (late.scopes ? activeScope().profile.id : null);
  const entryChanged = announceEntryChanges({
    journal,
    activeProfileId,
    emit,
    onError: failed('journal: announcing a change'),
  });
  // Rate provenance (issue 29): the active profile's rates feed is the only one the desk reads.
  const valueMovement = createMovementValuer({
    journal,
    feedFor: (profileId) => (activeProfileId() === profileId ? activeScope().rates.snapshot() : null),
    warn: logLine,
  });
  const { activeTarget, targetFor } = webhookTargets({
    activeScope: () => (late.scopes ? activeScope() : null),
    sandboxKey: () => sandboxNow()?.apiKey ?? null,
    hasProfile: (id) => profiles.list().some((p) => p.id === id),
    keyOf: (id) => secrets.get(id),
    redactor,
  });
  const settings = openAppSettings(options.dataDir, logLine);
  const deskUser = options.osUser ?? osUserName;
  // Issue 26.2: locked, main's confirmation is refused; the user check unlocks, and follows main's dialog.
  const { confirmations, lock, confirm, verification } = composeDeskConfirm(options, {
    idleMinutes: () => settings.idleLockMinutes(),
    onLockChange: (state) => emit('lock:changed', state),
    owned,
  });
  const notifier = createNotifier({
    settings: () => settings.notifications(),
    ...(options.desktopNotifier ? { desktop: options.desktopNotifier } : {}),
    emit,
    entry: (id) => journal.get(Number(id)),
    networkName,
    activeProfileId,
    environmentOf: (id) => profiles.list().find((p) => p.id === id)?.environment ?? null,
  });
  const reconciliation = createDeskReconciliation({ journal, webhookLog, activeScope });
  const webhooks = createDeskWebhooks({
    log: webhookLog,
    journal,
    pending,
    valueMovement,
    activeTarget,
    targetFor,
    warn: logLine,
    emit,
    entryChanged,
    activeProfileId,
    notifier,
    reconciliation,
    failed,
  });

  // The embedded sandbox runs only while the Sandbox profile is active.
  const host =
    options.embeddedSandbox === false
      ? null
      : createSandboxHost({
          dataDir: options.dataDir,
          merchantId: profiles.get(SANDBOX_PROFILE_ID).merchantId,
          ingest: webhooks.ingest,
          ...(options.sandboxOptions ? { sandboxOptions: options.sandboxOptions } : {}),
        });
  if (host) owned.add(() => host.stop());
  const sandboxActive = () =>
    host !== null && (options.keepSandboxRunning === true || profiles.active().id === SANDBOX_PROFILE_ID);
  const sandboxNow = () => {
    const embedded = host?.current();
    return embedded ? { url: embedded.running.url, apiKey: embedded.apiKey } : null;
  };

  if (sandboxActive()) await host?.start();

  const active = holdActiveScope(
    () =>
      openProfileScope(profiles.active(), {
        secrets,
        redactor,
        sandbox: sandboxNow(),
        dataDir: options.dataDir,
        connection,
        emit,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.schedule ? { schedule: options.schedule } : {}),
        ...(options.pace ? { pace: options.pace } : {}),
        // Not awaited by the snapshots: a refusal (a full disk, a read-only journal) is logged here.
        onBalances: (profileId, view) =>
          void reconciliation
            .recordBalances(profileId, view)
            .catch(failed('reconciliation: recording balances')),
      }),
    () => connection.reset(),
  );
  late.scopes = active;
  owned.add(() => active.dispose());

  /** Where an export is saved: the person's choice in the app; the data folder in tests. */
  const chooseExportPath = options.chooseExportPath ?? (async (name: string) => join(options.dataDir, name));
  const ipc = { ipcMain: options.ipcMain, isTrustedSender: options.isTrustedSender, redactor, log: logLine };
  const router = gateTeamChannels(createIpcRouter(ipc), () => team.session());
  owned.add(() => router.dispose());
  const writeDeps: JournaledWriteDeps = {
    journal,
    entryChanged,
    replayParked: webhooks.replayParked,
    pending,
    valueMovement,
    ...(options.writeCheckpoint ? { checkpoint: options.writeCheckpoint } : {}),
  };
  const write = createJournaledWriter(writeDeps);
  owned.add(retryHeldAnswers(writeDeps, failed('journal: recording held answers')));

  owned.add(
    registerProfiles(router, {
      profiles,
      secrets,
      appInfo: {
        version: options.appVersion,
        get sandboxUrl() {
          return sandboxNow()?.url ?? null;
        },
        // The journal in use now: the desk's own may be read-only, a team's ledger says so on its own.
        get journalReadOnly() {
          return journal.readOnly ?? null;
        },
      },
      get sandbox() {
        return sandboxNow();
      },
      registerSecret: (value) => redactor.register(value),
      // The sandbox is started before its profile's scope opens, and stopped once that scope is gone.
      reopenScope: async () => {
        if (sandboxActive()) await host?.start();
        active.reopen();
        if (!sandboxActive()) await host?.stop();
      },
      emit,
      confirm,
      onTeam: () => team.status().joined,
    }),
  );
  owned.add(
    registerMarket(router, {
      scope: activeScope,
      connectionStatus: connection.status,
      // Only checkout pages of the services this desk is configured for (the justification of the
      // scan's OPEN_EXTERNAL_JS_CHECK here and in modules/market.ts).
      openExternal: async (url) =>
        isAllowedCheckoutUrl(url, checkoutHosts(profiles.list().map((p) => p.baseUrl))) &&
        options.openExternal(url),
    }),
  );
  owned.add(registerInvoices(router, { scope: activeScope, write, journal, entryChanged }));
  const rules = () => settings.withdrawalRules();
  const guard = createWithdrawalGuard({ book: addressBook, journal, rules });
  owned.add(registerWithdrawals(router, { scope: activeScope, write, confirm, networkName, guard }));
  owned.add(
    registerWallets(router, {
      scope: activeScope,
      write,
      journal,
      labels: openWalletLabels(options.dataDir, logLine),
      chooseQrPath: options.chooseQrPath ?? (async (name) => join(options.dataDir, name)),
      approvedWebhookHosts: () => settings.webhookHosts(),
    }),
  );
  owned.add(
    registerJournal(router, {
      journal,
      activeProfileId: () => activeScope().profile.id,
      entryChanged,
      replayParked: webhooks.replayParked,
      parkedWebhooks: () => webhookLog.parked(),
      chooseExportPath,
      deskUser,
    }),
  );
  owned.add(
    registerWebhooks(router, {
      webhooks,
      activeTarget,
      targetFor,
      receiverSecret: () => loadReceiverSecret(options.dataDir),
      activeProfileId: () => activeScope().session.profile.id,
      emit,
      entryChanged,
    }),
  );
  owned.add(registerNotifications(router, settings));
  owned.add(
    registerTeamModules(router, {
      team,
      confirm,
      emit,
      entryChanged,
      logLine,
      options,
      activeScope,
      chooseExportPath,
      treasury: { write, networkName, keys: keyHold, profiles: profiles.list, guard },
      notifier,
    }),
  );
  owned.add(registerUpdates(router, { options, journal, profiles, confirmations, emit, log: logLine }));
  owned.add(registerWebhookHosts(router, { settings, confirm }));
  owned.add(registerAppLock(router, { lock, settings, confirm }));
  owned.add(
    registerAddressBook(router, {
      book: addressBook,
      settings,
      confirm,
      networkName,
      activeScope,
      who: deskUser,
    }),
  );
  owned.add(registerPassphrase(router, { verification, locked: () => lock.state().locked }));
  owned.add(
    registerMoneyIn(router, {
      facts: journal.reconciliation.facts,
      journal,
      activeProfile: () => activeScope().session.profile,
      // Explorer pages only, each URL built by services/explorer-links.ts from its fixed table.
      openExternal: options.openExternal,
    }),
  );
  owned.add(
    registerReconciliation(router, {
      reconciliation,
      scope: activeScope,
      chooseExportPath,
      deskUser,
    }),
  );
  owned.add(
    registerBooks(router, {
      journal,
      sessions: journal.reconciliation.sessions,
      activeProfile: () => activeScope().session.profile,
      reconciliation,
      ...(options.printToPdf ? { printToPdf: options.printToPdf } : {}),
      chooseExportPath,
    }),
  );
  owned.add(
    registerSandbox(router, {
      get control() {
        return host?.current()?.running.control ?? null;
      },
      activeProfile: () => activeScope().session.profile,
      networkNames: networkName,
    }),
  );
  owned.add(
    registerDiagnostics(router, {
      appVersion: options.appVersion,
      dataDir: options.dataDir,
      journal,
      profiles,
      keychain,
      settings,
      sandboxKey: () => sandboxNow()?.apiKey ?? null,
      choosePath: options.chooseDiagnosticsPath ?? (async (name) => join(options.dataDir, name)),
    }),
  );

  // A year of history takes seconds to check in full: do it now, in slices between the window's
  // requests, so the first check a person asks for (or a reconciliation view) replays only what is new.
  void journal
    .verifyChainGradually()
    .then((check) => {
      if (check && !check.ok) logLine(`journal chain check at start-up: broken (${check.brokenAt.reason})`);
    })
    .catch((error: unknown) => logLine(`journal chain check at start-up failed: ${String(error)}`));

  return {
    router,
    get sandbox() {
      return host?.current()?.running ?? null;
    },
    activeScope,
    journaledWrite: write,
    lockDesk: () => void lock.lock(),
    dispose: () => owned.dispose(),
  };
}
