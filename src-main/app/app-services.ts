import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ClockSkewView } from '@contract';
import { openJournal } from '../journal';
import { toErrorInfo } from '../ipc/error-info';
import { createIpcRouter, type IpcMainLike, type IpcRouter, type IpcSenderEvent } from '../ipc/router';
import { Redactor } from '../security/redactor';
import { createKeytarStore, type SecretStore } from '../secrets';
import { createBalanceHistory, type BalanceHistoryStore } from '../services/balance-history';
import { createProfileStore } from '../services/profiles';
import { SANDBOX_PROFILE_ID } from '../services/profiles-schema';
import { createRatesPoller, type RatesPoller } from '../services/rates-poller';
import { createWebhookIntake } from '../services/webhook-intake';
import { openWebhookLog } from '../services/webhook-log';
import { startWebhookReceiver } from '../services/webhook-receiver';
import { createConnectionTracker } from './connection';
import type { AppContext, Emit } from './context';
import { registerJournalHandlers } from './handlers/journal';
import { registerMarketHandlers } from './handlers/market';
import { registerProfileHandlers } from './handlers/profiles';
import { registerWebhookHandlers } from './handlers/webhooks';
import { registerWriteHandlers } from './handlers/writes';
import { journalSink } from './journal-sink';
import { openSession, type Session } from './session';
import type { RunningSandbox } from '../sandbox';

export interface AppServicesOptions {
  dataDir: string;
  appVersion: string;
  ipcMain: IpcMainLike;
  isTrustedSender: (event: IpcSenderEvent) => boolean;
  emit: (channel: string, payload: unknown) => void;
  openExternal: (url: string) => Promise<boolean>;
  chooseExportPath?: (suggestedName: string) => Promise<string | null>;
  secrets?: SecretStore;
  /** Start the embedded sandbox (default true); tests may point profiles elsewhere instead. */
  embeddedSandbox?: boolean;
  sandboxOptions?: { seed?: number; realTime?: boolean };
  log?: (line: string) => void;
}

export interface AppServices {
  router: IpcRouter;
  context: AppContext;
  /** The embedded sandbox, when running: its control API drives demos and tests. */
  sandbox: RunningSandbox | null;
  dispose(): Promise<void>;
}

/**
 * The composition root of main: every store, service and handler, wired without Electron so that
 * the app, the browser test host and the tests all run the same code.
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const log = options.log ?? (() => {});
  const redactor = new Redactor();
  const logLine = (line: string) => log(redactor.text(line));
  const emit: Emit = (channel, payload) => options.emit(channel, redactor.value(payload));
  const profiles = createProfileStore(options.dataDir, { onWarning: logLine });
  const secrets = options.secrets ?? createKeytarStore();
  const journal = openJournal(join(options.dataDir, 'journal.sqlite'));
  if (journal.recovered.length)
    logLine(`journal: ${journal.recovered.length} interrupted write(s) marked unknown`);

  const connection = createConnectionTracker((status) => emit('connection:status', status));
  let session: Session;
  let poller: RatesPoller;
  let history: BalanceHistoryStore;
  let sandbox: { url: string; apiKey: string } | null = null;

  const webhookLog = openWebhookLog(join(options.dataDir, 'webhooks.sqlite'));
  const webhooks = createWebhookIntake({
    log: webhookLog,
    sink: journalSink(journal),
    activeTarget: async () => ({ profileId: session.profile.id, apiKey: await session.apiKey() }),
    onDelivery: (delivery) => {
      emit('webhook:received', delivery);
      if (delivery.appliedTo) emit('journal:changed', { id: delivery.appliedTo });
    },
  });

  // The sandbox is loaded only when used: a live-only user never pays for it at start-up.
  let running: RunningSandbox | null = null;
  let closeSandboxReceiver: (() => Promise<void>) | undefined;
  if (options.embeddedSandbox !== false) {
    const { startSandbox, DEMO_MERCHANT } = await import('../sandbox');
    const demo = { ...DEMO_MERCHANT, id: profiles.get(SANDBOX_PROFILE_ID).merchantId };
    running = await startSandbox({
      merchants: [demo],
      dataFile: join(options.dataDir, 'sandbox-state.json'),
      // Ids differ between installs; the control API (it can complete withdrawals and send signed
      // webhooks) answers only to this process.
      seed: randomInt(1, 2 ** 31),
      controlToken: randomBytes(24).toString('hex'),
      ...options.sandboxOptions,
    });
    sandbox = { url: running.url, apiKey: demo.apiKey };
    // Sandbox webhooks come straight back into the app, so a demo withdrawal settles on its own. They
    // are the sandbox merchant's, whichever profile is active.
    const sandboxTarget = { profileId: SANDBOX_PROFILE_ID, apiKey: demo.apiKey };
    const receiver = await startWebhookReceiver(0, (d) => webhooks.ingest(d, sandboxTarget));
    running.control.setCallbackUrl(demo.id, receiver.url);
    closeSandboxReceiver = receiver.close;
  }

  const router = createIpcRouter({
    ipcMain: options.ipcMain,
    isTrustedSender: options.isTrustedSender,
    redactor,
    log: logLine,
  });

  const context: AppContext = {
    appVersion: options.appVersion,
    dataDir: options.dataDir,
    redactor,
    profiles,
    secrets,
    journal,
    webhooks,
    sandbox,
    connection,
    emit,
    openExternal: options.openExternal,
    session: () => session,
    rates: () => poller,
    balanceHistory: () => history,
    switchProfile,
    async read(run) {
      try {
        const value = await run(session);
        connection.success();
        return value;
      } catch (error) {
        connection.failure(toErrorInfo(error));
        throw error;
      }
    },
  };

  function switchProfile(): void {
    poller?.stop();
    const profile = profiles.active();
    session = openSession({
      profile,
      secrets,
      redactor,
      sandbox,
      onClockSkew: (skew) => emit('clock:skew', skew satisfies ClockSkewView),
    });
    history = createBalanceHistory(options.dataDir, profile.id);
    connection.reset();
    poller = createRatesPoller({
      source: {
        getCoinRates: () => session.client.getCoinRates(),
        getCoinCatalog: () => session.client.getCoinCatalog(),
      },
      intervalMs: profile.pollIntervalMs,
      onTick: (snapshot) => {
        if (snapshot.error) connection.failure(snapshot.error);
        else connection.success();
        emit('rates:tick', snapshot);
      },
    });
    poller.start();
  }
  switchProfile();

  registerProfileHandlers(router, context);
  registerMarketHandlers(router, context);
  registerWriteHandlers(router, context);
  registerJournalHandlers(router, context, {
    chooseExportPath: options.chooseExportPath ?? (async (name) => join(options.dataDir, name)),
  });
  const webhookHandlers = registerWebhookHandlers(router, context);

  return {
    router,
    context,
    sandbox: running,
    async dispose() {
      poller.stop();
      router.dispose();
      await webhookHandlers.dispose();
      await closeSandboxReceiver?.();
      await running?.close();
      journal.close();
      webhookLog.close();
    },
  };
}
