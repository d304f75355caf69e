import { EventEmitter } from 'node:events';
import type { IpcSenderEvent } from '@main/security/sender';

/**
 * A stand-in for the parts of the `electron` module that src-main/index.ts uses, faithful enough to
 * run the real entry (or the built bundle) in Node: app events, the single-instance lock, paths,
 * dialogs, windows, IPC and the session. It records what the entry did so tests can check it (a
 * window, a dialog, the lock, exit, the session's handlers) and lets them act as Electron would
 * (fire web-contents events, invoke an IPC channel, answer a response's headers).
 */
/** The event a stand-in web contents fires for each push, so a preload's listeners can receive it. */
export const SENT = 'stand-in:sent';

export interface StandInOptions {
  userData: string;
  /** Which button the person presses in each message box, in order; the default button otherwise. */
  answers?: number[];
  /**
   * What the person types in main's passphrase window, in order (null: presses Cancel); with none
   * left, they close the window.
   */
  passphrases?: Array<string | null>;
  isPackaged?: boolean;
  argv?: string[];
}

type IpcListener = (event: IpcSenderEvent, payload: unknown) => Promise<unknown>;
type ProtocolHandler = (request: Request) => Response | Promise<Response>;
type PermissionRequest = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl?: string; isMainFrame?: boolean },
) => void;
type PermissionCheck = (
  contents: unknown,
  permission: string,
  origin: string,
  details: { requestingUrl?: string; isMainFrame?: boolean },
) => boolean;
type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]>; cancel?: boolean }) => void,
) => void;

export interface StandInRecord {
  lockHeld: boolean;
  lockReleased: boolean;
  exitCode: number | undefined;
  relaunched: boolean;
  quit: boolean;
  /** How many IPC handlers were still registered when the app finally quit (or exited). */
  handlersAtExit: number | undefined;
  messageBoxes: Array<{ message: string; detail: string; buttons: string[]; defaultId: number }>;
  windows: Array<{ options: Record<string, unknown> }>;
  /** Pushes main sent to a window: each payload went through structured clone, as over real IPC. */
  sent: Array<{ channel: string; payload: unknown }>;
  openedExternally: string[];
  /** The application menu's template, as the entry built it. */
  menu: unknown;
  /** The options of every save dialog shown (each is cancelled). */
  saveDialogs: Array<Record<string, unknown>>;
  /** What the windows were pointed at (loadURL), in order. */
  loadedUrls: string[];
  /** The schemes registered as privileged, and the handler given to each handled scheme. */
  protocol: {
    privileged: Array<{ scheme: string; privileges?: Record<string, boolean> }>;
    handlers: Map<string, ProtocolHandler>;
  };
  session: {
    permissionRequest?: PermissionRequest;
    permissionCheck?: PermissionCheck;
    headersReceived?: HeadersListener;
  };
}

/** A web page's contents as main sees it; events fired here reach the entry's listeners. */
export interface StandInWebContents extends EventEmitter {
  id: number;
  windowOpenHandler?: (details: { url: string }) => { action: string };
  send(channel: string, payload: unknown): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void;
  closeDevTools(): void;
}

export interface ElectronStandIn {
  /** What `import ... from 'electron'` gives the entry. */
  electron: { app: { quit(): void } } & Record<string, unknown>;
  record: StandInRecord;
  /** The web contents of every window created, in order. */
  contents: StandInWebContents[];
  /** The channels main registered with ipcMain.handle. */
  handlers: ReadonlyMap<string, IpcListener>;
  /** Calls a channel the way Electron does: no handler is an error, arguments and answer are cloned. */
  invoke(channel: string, event: IpcSenderEvent, payload: unknown): Promise<unknown>;
  /** Settles when the app exits or quits. */
  done: Promise<void>;
}

export function createElectronStandIn(options: StandInOptions): ElectronStandIn {
  const answers = [...(options.answers ?? [])];
  const passphrases = [...(options.passphrases ?? [])];
  const events = new EventEmitter();
  const handlers = new Map<string, IpcListener>();
  const paths = new Map<string, string>();
  const contents: StandInWebContents[] = [];
  const record: StandInRecord = {
    lockHeld: false,
    lockReleased: false,
    exitCode: undefined,
    relaunched: false,
    quit: false,
    handlersAtExit: undefined,
    messageBoxes: [],
    windows: [],
    sent: [],
    openedExternally: [],
    menu: undefined,
    saveDialogs: [],
    loadedUrls: [],
    protocol: { privileged: [], handlers: new Map() },
    session: {},
  };
  let exited: () => void = () => {};
  const done = new Promise<void>((resolve) => (exited = resolve));
  const leave = () => {
    record.handlersAtExit = handlers.size;
    exited();
  };
  const webContents = (id: number): StandInWebContents =>
    Object.assign(new EventEmitter(), {
      id,
      send(this: StandInWebContents, channel: string, payload: unknown) {
        // Electron serialises every push; one that cannot be cloned throws in main.
        const copy = structuredClone(payload);
        record.sent.push({ channel, payload: copy });
        this.emit(SENT, channel, copy);
      },
      setWindowOpenHandler(this: StandInWebContents, handler: StandInWebContents['windowOpenHandler']) {
        this.windowOpenHandler = handler;
      },
      closeDevTools: () => {},
    });

  class BrowserWindow extends EventEmitter {
    static all: BrowserWindow[] = [];
    static getAllWindows = () => BrowserWindow.all;
    readonly webContents = webContents(BrowserWindow.all.length + 1);
    constructor(windowOptions: Record<string, unknown>) {
      super();
      record.windows.push({ options: windowOptions });
      BrowserWindow.all.push(this);
      contents.push(this.webContents);
      // Electron announces every new page to the app before anything loads in it.
      events.emit('web-contents-created', {}, this.webContents);
    }
    loadFile = async () => {};
    loadURL = async (url: string) => {
      record.loadedUrls.push(url);
      // Main's passphrase window (a page of its own with one form): the person answers as it submits.
      const action = /action="([^"]+)"/.exec(decodeURIComponent(url))?.[1];
      if (!url.startsWith('data:text/html') || !action) return;
      setImmediate(() => {
        if (passphrases.length === 0) return void this.emit('closed');
        const typed = passphrases.shift();
        const query = typed == null ? 'passphrase=&cancel=1' : `passphrase=${encodeURIComponent(typed)}`;
        this.webContents.emit('will-navigate', { preventDefault: () => {}, url: `${action}?${query}` });
      });
    };
    show = () => {};
    focus = () => {};
    restore = () => {};
    isMinimized = () => false;
    isFocused = () => false;
    destroy = () => this.emit('closed');
    setMenu = () => {};
    isDestroyed = () => false;
  }

  const app = Object.assign(events, {
    name: 'Merchant Desk',
    isPackaged: options.isPackaged ?? false,
    commandLine: { hasSwitch: (name: string) => (options.argv ?? []).some((a) => a.startsWith(`--${name}`)) },
    // Every folder the entry asks for is the test's folder, unless the entry moved one (setPath).
    getPath: (name: string) => paths.get(name) ?? options.userData,
    setPath: (name: string, path: string) => void paths.set(name, path),
    getVersion: () => '0.0.0-stand-in',
    requestSingleInstanceLock: () => (record.lockHeld = true),
    releaseSingleInstanceLock: () => {
      record.lockHeld = false;
      record.lockReleased = true;
    },
    enableSandbox: () => {},
    whenReady: () => Promise.resolve(),
    relaunch: () => (record.relaunched = true),
    exit: (code = 0) => {
      record.exitCode = code;
      // Exiting ends the process, and the OS drops the lock with it.
      record.lockHeld = false;
      leave();
    },
    quit: () => {
      let prevented = false;
      events.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) {
        record.quit = true;
        record.lockHeld = false;
        leave();
      }
    },
  });

  const electron = {
    app,
    BrowserWindow,
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        const box = args[args.length - 1] as {
          message: string;
          detail: string;
          buttons: string[];
          defaultId: number;
        };
        record.messageBoxes.push(box);
        return { response: answers.shift() ?? box.defaultId };
      },
      showSaveDialog: async (...args: unknown[]) => {
        record.saveDialogs.push(args[args.length - 1] as Record<string, unknown>);
        return { canceled: true };
      },
    },
    ipcMain: {
      handle: (channel: string, listener: IpcListener) => {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, listener);
      },
      removeHandler: (channel: string) => void handlers.delete(channel),
    },
    Menu: {
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu: (menu: unknown) => (record.menu = menu),
    },
    Notification: Object.assign(
      class extends EventEmitter {
        show = () => {};
      },
      { isSupported: () => false },
    ),
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: PermissionRequest) =>
          (record.session.permissionRequest = handler),
        setPermissionCheckHandler: (handler: PermissionCheck) => (record.session.permissionCheck = handler),
        webRequest: {
          onHeadersReceived: (listener: HeadersListener) => (record.session.headersReceived = listener),
        },
      },
    },
    // Nobody is idle and the system never locks, unless a test says so through the emitter.
    powerMonitor: Object.assign(new EventEmitter(), { getSystemIdleTime: () => 0 }),
    protocol: {
      registerSchemesAsPrivileged: (schemes: StandInRecord['protocol']['privileged']) =>
        void record.protocol.privileged.push(...schemes),
      handle: (scheme: string, handler: ProtocolHandler) => {
        if (record.protocol.handlers.has(scheme)) throw new Error(`The scheme ${scheme} is already handled`);
        record.protocol.handlers.set(scheme, handler);
      },
    },
    shell: { openExternal: async (url: string) => void record.openedExternally.push(url) },
    // No Touch ID here: the desk passphrase stands in (src-main/user-check-window.ts).
    systemPreferences: { canPromptTouchID: () => false, promptTouchID: async () => {} },
  };

  async function invoke(channel: string, event: IpcSenderEvent, payload: unknown): Promise<unknown> {
    const handler = handlers.get(channel);
    if (!handler)
      throw new Error(`Error invoking remote method '${channel}': No handler registered for '${channel}'`);
    return structuredClone(await handler(event, structuredClone(payload)));
  }
  return { electron, record, contents, handlers, invoke, done };
}
