/**
 * Electron entry: with user-check-window.ts (Touch ID and the passphrase window), the only
 * main-process file that imports `electron`. Everything it wires together lives in plain modules
 * (app/, services/, ipc/) that the tests run in Node.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  powerMonitor,
  protocol,
  session,
  shell,
} from 'electron';
import { join } from 'node:path';
import { printHtmlToPdf } from './print-pdf';
import { createAppServices, type AppServices } from './app/app-services';
import type { ConfirmAnswer, ConfirmRequest } from './app/confirm/confirmer';
import { answerOf, dialogOptionsFor } from './app/confirm/dialog-options';
import { logDirOf, openFileLog } from './app/logging/file-log';
import { teamDevSwitch } from './app/team-dev-switch';
import { chooseDataFolder } from './app/data-folder';
import { buildMenuTemplate } from './app/menu';
import { quitAfterDisposal } from './app/quit';
import { reportStartupFailure } from './app/startup-failure';
import { createKeytarStore } from './secrets';
import { recordFreshStart } from './storage/chain-seal';
import type { UpdatesOptions } from './app/modules/updates';
import { electronEngine } from './update/electron-engine';
import { UPDATE_FEED_URL } from './update/feed';
import { loopbackEngine } from './update/loopback-engine';
import { RELEASE_PUBLIC_KEY } from './update/release-key';
import { selfUpdateSetup } from './update/self-update-setup';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
} from './security/app-protocol';
import { keepDevToolsClosed, mainWindowPreferences, refusedDebugSwitch } from './security/debug-guard';
import { appUrlCheck, createSenderCheck } from './security/sender';
import { CONTENT_SECURITY_POLICY, isAllowedExternalUrl, isAllowedPermission } from './security/window-policy';
import { electronUserCheck } from './user-check-window';

// The built renderer, served as app://desk/ (security/app-protocol.ts), never as file:.
const rendererRoot = join(__dirname, '../renderer');
// Only `npm run dev` may load the renderer from a dev server; a packaged app never does.
const devServer = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const isAppPage = appUrlCheck(new URL(APP_ENTRY_URL), devServer);
// A scheme's privileges can be set only before the app is ready.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
let mainWindow: BrowserWindow | undefined;
// Set as soon as start-up begins, so a quit during start-up still waits for what was opened.
let services: Promise<AppServices> | undefined;

// A separate data folder for development and test runs only; set before anything reads userData.
const dataFolder = chooseDataFolder(app.isPackaged, process.env);
if (dataFolder.override) app.setPath('userData', dataFolder.override);
// The rotating log in the data folder; every line is redacted on its way in (app/logging).
const fileLog = openFileLog({
  dir: logDirOf(app.getPath('userData')),
  // `npm run dev` shows the same lines in its terminal.
  ...(devServer ? { echo: (line: string) => console.log(line) } : {}),
});
if (dataFolder.ignored) fileLog.write(dataFolder.ignored, 'warn');

const debugSwitch = refusedDebugSwitch(app, process.argv);
if (debugSwitch) {
  // A debugger port would let any local process drive the window and read what main holds.
  console.error(`Merchant Desk does not run with ${debugSwitch}; start it without that option.`);
  fileLog.write(`refused to start with ${debugSwitch}`, 'error');
  app.exit(1);
} else if (!app.requestSingleInstanceLock()) {
  // A second copy would open the same journal and keychain entries: hand over to the first one.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.enableSandbox();
  // Any failure of start-up (a damaged data file, a journal held by another program) is explained in
  // a dialog; the process then leaves and releases the lock instead of lingering with no window.
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) =>
      reportStartupFailure(error, {
        app,
        dialog,
        dataDir: app.getPath('userData'),
        beforeMoveAside: async (damaged) => {
          if (damaged.file === join(app.getPath('userData'), 'journal.sqlite'))
            await recordFreshStart(createKeytarStore());
        },
        dispose: async () => {
          mainWindow?.destroy();
          await (await services?.catch(() => undefined))?.dispose();
        },
        log: (line) => {
          console.error(line);
          fileLog.write(line, 'error');
        },
      }),
    );
}

function lockDownSessions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(isAllowedPermission(permission, details, isAppPage)),
  );
  ses.setPermissionCheckHandler((_wc, permission, _origin, details) =>
    isAllowedPermission(permission, details, isAppPage),
  );
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

app.on('web-contents-created', (_event, contents) => {
  // No navigation, no new windows, no webviews: the app is one page that talks to main over IPC.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  keepDevToolsClosed(app, contents);
});

/** A native save dialog over the window, starting in Documents; null when the person cancels. */
async function chooseSavePath(
  suggestedName: string,
  filter: { name: string; extensions: string[] },
): Promise<string | null> {
  const options = { defaultPath: join(app.getPath('documents'), suggestedName), filters: [filter] };
  const result = mainWindow
    ? await dialog.showSaveDialog(mainWindow, options)
    : await dialog.showSaveDialog(options);
  return result.canceled ? null : (result.filePath ?? null);
}

/** A native open dialog over the window for the team's CA certificate; null when the person cancels. */
async function chooseCaFile(): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: 'Choose the team’s CA certificate',
    properties: ['openFile'],
    filters: [
      { name: 'CA certificate (PEM)', extensions: ['pem', 'crt', 'cer'] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  const result = mainWindow
    ? await dialog.showOpenDialog(mainWindow, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

/**
 * Main's own confirmation, which no script in the page can click: a native dialog over the window whose
 * default button (and Escape) cancels.
 */
async function confirmInDialog(request: ConfirmRequest): Promise<ConfirmAnswer> {
  const options = dialogOptionsFor(request);
  const { response } = mainWindow
    ? await dialog.showMessageBox(mainWindow, options)
    : await dialog.showMessageBox(options);
  return answerOf(response);
}

/** A Help menu item: the window opens its About dialog (and the export from there). */
function askWindow(action: 'about' | 'export-diagnostics'): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
  mainWindow.webContents.send('app:menu', { action });
}

async function start(): Promise<void> {
  const { versions } = process;
  fileLog.write(
    `Merchant Desk ${app.getVersion()} starting (Electron ${versions.electron}, Chromium ${versions.chrome}, ${process.platform} ${process.arch})`,
  );
  lockDownSessions();
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererRoot));
  const isTrustedSender = createSenderCheck({
    trustedUrl: isAppPage,
    webContentsIds: () => new Set(mainWindow ? [mainWindow.webContents.id] : []),
  });
  // A copy whose updater cannot load still starts; its Settings say why it does not update.
  const updates = await selfUpdates().catch((error: unknown): UpdatesOptions => {
    fileLog.write(`updates: electron-updater could not be loaded: ${String(error)}`, 'error');
    return { engine: null, unavailable: `The updater could not be loaded (${String(error)}).` };
  });
  services = createAppServices({
    dataDir: app.getPath('userData'),
    appVersion: app.getVersion(),
    ipcMain,
    isTrustedSender,
    emit: (channel, payload) => mainWindow?.webContents.send(channel, payload),
    // Books exports (issue 29) suggest an .ofx name for OFX; every other export is CSV.
    chooseExportPath: (suggestedName) =>
      chooseSavePath(
        suggestedName,
        suggestedName.endsWith('.ofx')
          ? { name: 'OFX statement', extensions: ['ofx'] }
          : suggestedName.endsWith('.pdf')
            ? { name: 'PDF document', extensions: ['pdf'] }
            : { name: 'CSV', extensions: ['csv'] },
      ),
    printToPdf: printHtmlToPdf,
    chooseDiagnosticsPath: (suggestedName) =>
      chooseSavePath(suggestedName, { name: 'Zip archive', extensions: ['zip'] }),
    log: (line) => fileLog.write(line),
    // `npm run team:dev`'s demo team is on a local socket, which only this switch lets a desk join.
    // Honoured only when not packaged (team-dev-switch.ts).
    teamDev: teamDevSwitch(process.env, app.isPackaged, (line) => fileLog.write(line, 'warn')),
    chooseCaFile,
    chooseQrPath: (suggestedName) =>
      chooseSavePath(suggestedName, { name: 'PNG image', extensions: ['png'] }),
    // OPEN_EXTERNAL_JS_CHECK: only https URLs without credentials; each caller narrows it further (a
    // configured profile's checkout host; an explorer URL main built from its own table).
    openExternal: async (url) => {
      if (!isAllowedExternalUrl(url)) return false;
      await shell.openExternal(url);
      return true;
    },
    confirm: confirmInDialog,
    updates,
    // After main's dialog, live money needs Touch ID or the desk passphrase in main's own window.
    userCheck: electronUserCheck(() => mainWindow),
    // The idle lock asks the system how long nobody has used the computer, never the page.
    idleSeconds: () => powerMonitor.getSystemIdleTime(),
    desktopNotifier: {
      isWindowFocused: () => mainWindow?.isFocused() ?? false,
      show: ({ title, body }) => {
        if (!Notification.isSupported()) return false;
        const notice = new Notification({ title, body });
        // A click brings the desk to the front, where the Journal shows what changed.
        notice.on('click', () => {
          if (mainWindow?.isMinimized()) mainWindow.restore();
          mainWindow?.focus();
        });
        notice.show();
        return true;
      },
    },
  });
  const running = await services;
  // The system's own lock and sleep lock the desk too: whoever wakes it unlocks it in main's window.
  powerMonitor.on('lock-screen', () => running.lockDesk());
  powerMonitor.on('suspend', () => running.lockDesk());
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(app.name, process.platform, {
        about: () => askWindow('about'),
        exportDiagnostics: () => askWindow('export-diagnostics'),
      }),
    ),
  );
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

/**
 * electron-updater, loaded only by a copy that updates itself: installed (not run from sources) on
 * Windows, macOS or as an AppImage, and built with its release key and update server. A deb is left to
 * the system's package manager. A test's copy run from sources may use a local update server instead,
 * where "installing" quits the app (self-update-setup.ts).
 */
async function selfUpdates(): Promise<UpdatesOptions> {
  const setup = selfUpdateSetup({
    isPackaged: app.isPackaged,
    platform: process.platform,
    appImage: process.env.APPIMAGE,
    releaseKey: RELEASE_PUBLIC_KEY,
    feedUrl: UPDATE_FEED_URL,
    env: process.env,
    log: (line) => fileLog.write(`updates: ${line}`, 'warn'),
  });
  if (setup.engine === 'none') return { engine: null, unavailable: setup.unavailable };
  const { feedUrl, publicKey } = setup;
  if (setup.engine === 'loopback') {
    const install = () => {
      fileLog.write('updates: a copy run from sources does not install; it quits instead');
      app.quit();
    };
    return { feedUrl, publicKey, engine: () => loopbackEngine({ feedUrl, fetch, install }) };
  }
  const { autoUpdater } = (await import('electron-updater')).default;
  const log = (line: string) => fileLog.write(line);
  return { feedUrl, publicKey, engine: (deskId) => electronEngine(autoUpdater, deskId, feedUrl, log) };
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Merchant Desk',
    // Middle-click (AUXCLICK_JS_CHECK) cannot open anything: every new window is denied below.
    webPreferences: {
      ...mainWindowPreferences(app, join(__dirname, '../preload/index.cjs')),
      // The same values as SECURE_WEB_PREFERENCES, written out last so that a static scan
      // (npm run security:scan) sees them and they are the ones that take effect.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('closed', () => (mainWindow = undefined));
  if (devServer) void mainWindow.loadURL(devServer);
  else void mainWindow.loadURL(APP_ENTRY_URL);
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Quitting waits (up to five seconds) for disposal: calls still running finish first, so a write whose
// answer is on its way settles its journal entry; then the servers, the pollers and the journal close.
// A write still unanswered after that stays `sending` and is marked unknown at the next start.
// A start-up that failed has nothing left to close.
quitAfterDisposal(
  app,
  async () => {
    const running = await services?.catch(() => undefined);
    await running?.dispose();
  },
  {
    log: (line) => {
      console.warn(line);
      fileLog.write(line, 'warn');
    },
  },
);
