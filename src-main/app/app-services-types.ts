import type { IpcMainLike, IpcRouter, IpcSenderEvent } from '../ipc/router';
import type { RunningSandbox } from '../sandbox';
import type { SecretStore } from '../secrets';
import type { RatesPollerOptions } from '../services/rates-poller';
import type { Confirmer } from './confirm/confirmer';
import type { UserCheck } from '../security/user-check/user-check';
import type { JournaledWriteDeps, JournaledWriter } from './journaled-write';
import type { DesktopNotifier } from './notifications';
import type { ProfileScope, ScopePace } from './profile-scope';
import type { UpdatesOptions } from './modules/updates';

// The composition root's options and what it hands back (app-services.ts), kept apart so that file
// holds the wiring alone.
export interface AppServicesOptions {
  dataDir: string;
  appVersion: string;
  ipcMain: IpcMainLike;
  isTrustedSender: (event: IpcSenderEvent) => boolean;
  emit: (channel: string, payload: unknown) => void;
  openExternal: (url: string) => Promise<boolean>;
  /**
   * Main's own confirmation before real money or a live profile's target moves (a native dialog in
   * the app, a stand-in the tests drive in the browser host and the tests).
   */
  confirm: Confirmer;
  chooseExportPath?: (suggestedName: string) => Promise<string | null>;
  /** Prints an HTML page to PDF (Electron's printToPDF); absent in the browser host and the tests. */
  printToPdf?: (html: string) => Promise<Uint8Array>;
  /** Where to save the diagnostics zip (a save dialog in the app); defaults to the data folder. */
  chooseDiagnosticsPath?: (suggestedName: string) => Promise<string | null>;
  /** Where to save a wallet's QR code (a save dialog in the app); defaults to the data folder. */
  chooseQrPath?: (suggestedName: string) => Promise<string | null>;
  secrets?: SecretStore;
  /** The team's secrets (password, desk token and key); the app uses a keychain service of their own. */
  teamSecrets?: SecretStore;
  /** Team mode may use a local unix socket as the server: `npm run team:dev` and tests only. */
  teamDev?: boolean;
  /** Main's open-file dialog for the team's CA certificate (the app's); the page never names a path. */
  chooseCaFile?: () => Promise<string | null>;
  /** Start the embedded sandbox (default true); tests may point profiles elsewhere instead. */
  embeddedSandbox?: boolean;
  /**
   * Keep the embedded sandbox running whichever profile is active (default: only while the Sandbox
   * profile is). For tests that point other profiles at it as their service.
   */
  keepSandboxRunning?: boolean;
  sandboxOptions?: { seed?: number; realTime?: boolean };
  log?: (line: string) => void;
  /** The network as profile sessions see it; tests hold requests back to reproduce slow answers. */
  fetch?: typeof fetch;
  /** The rates poller's timer; tests keep it still. */
  schedule?: RatesPollerOptions['schedule'];
  /** Test seam: the browser test host's quicker timers (see ScopePace). The app passes nothing. */
  pace?: ScopePace;
  /** System notifications (Electron's, in the app); without it every notice is an in-app toast. */
  desktopNotifier?: DesktopNotifier;
  /**
   * Test seam: open the journal on main's thread instead of its worker, for tests that reach into the
   * SQLite driver itself (a full disk made by stubbing it). The app always uses the worker.
   */
  journalOnMainThread?: boolean;
  /**
   * Seconds since the person last used the computer, for the idle lock (Electron's powerMonitor in
   * the app). Without it the desk never locks by itself (the browser test host, most tests).
   */
  idleSeconds?: () => number;
  /** Test seam for the crash drills: see JournaledWriteDeps.checkpoint. The app passes nothing. */
  writeCheckpoint?: JournaledWriteDeps['checkpoint'];
  /** How this copy updates itself (electron-updater in the app); without it, it does not. */
  updates?: UpdatesOptions;
  /**
   * The OS's check of who is at the desk, after main's confirmation of live money (Touch ID and a
   * passphrase window of main's in the app; a stand-in the tests drive). Required: no default passes.
   */
  userCheck: UserCheck;
  /** Where the desk passphrase's hash is kept; the app uses a keychain service of its own. */
  passphraseSecrets?: SecretStore;
  /**
   * The signed-in OS user, recorded as who resolved an entry or started and closed a reconciliation
   * (os.userInfo().username by default); tests name one.
   */
  osUser?: () => string;
}

export interface AppServices {
  router: IpcRouter;
  /** The embedded sandbox while it runs (the Sandbox profile is active): its control API drives demos and tests. */
  sandbox: RunningSandbox | null;
  /** The active profile's scope (session, rates poller, balance history); replaced on every switch. */
  activeScope(): ProfileScope;
  /** The journaled write path, for tests that drive a write the IPC layer would not let them shape. */
  journaledWrite: JournaledWriter;
  /** Locks the desk now (the system's own screen lock or sleep, in the app). */
  lockDesk(): void;
  /** Unregisters every channel and releases everything, last acquired first. Idempotent. */
  dispose(): Promise<void>;
}
