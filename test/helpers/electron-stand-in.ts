import { EventEmitter } from 'node:events';

/**
 * A stand-in for the parts of the `electron` module that src-main/index.ts uses, faithful enough to
 * run the real entry in Node: app events, the single-instance lock, paths, dialogs, windows and the
 * session. It records what the entry did so tests can check it (a window, a dialog, the lock, exit).
 */
export interface StandInOptions {
  userData: string;
  /** Which button the person presses in each message box, in order; the default button otherwise. */
  answers?: number[];
  isPackaged?: boolean;
  argv?: string[];
}

export interface StandInRecord {
  lockHeld: boolean;
  lockReleased: boolean;
  exitCode: number | undefined;
  relaunched: boolean;
  quit: boolean;
  messageBoxes: Array<{ message: string; detail: string; buttons: string[]; defaultId: number }>;
  windows: Array<{ options: Record<string, unknown> }>;
}

export interface ElectronStandIn {
  /** What `import ... from 'electron'` gives the entry. */
  electron: { app: { quit(): void } } & Record<string, unknown>;
  record: StandInRecord;
  /** Settles when the app exits or quits. */
  done: Promise<void>;
}

export function createElectronStandIn(options: StandInOptions): ElectronStandIn {
  const answers = [...(options.answers ?? [])];
  const events = new EventEmitter();
  const record: StandInRecord = {
    lockHeld: false,
    lockReleased: false,
    exitCode: undefined,
    relaunched: false,
    quit: false,
    messageBoxes: [],
    windows: [],
  };
  let exited: () => void = () => {};
  const done = new Promise<void>((resolve) => (exited = resolve));
  const webContents = (id: number) =>
    Object.assign(new EventEmitter(), {
      id,
      send: () => {},
      setWindowOpenHandler: () => {},
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
    }
    loadFile = async () => {};
    loadURL = async () => {};
    show = () => {};
    focus = () => {};
    restore = () => {};
    isMinimized = () => false;
    destroy = () => this.emit('closed');
  }

  const app = Object.assign(events, {
    name: 'Merchant Desk',
    isPackaged: options.isPackaged ?? false,
    commandLine: { hasSwitch: (name: string) => (options.argv ?? []).some((a) => a.startsWith(`--${name}`)) },
    getPath: (name: string) => (name === 'userData' ? options.userData : options.userData),
    setPath: () => {},
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
      exited();
    },
    quit: () => {
      let prevented = false;
      events.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) {
        record.quit = true;
        record.lockHeld = false;
        exited();
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
      showSaveDialog: async () => ({ canceled: true }),
    },
    ipcMain: { handle: () => {}, removeHandler: () => {} },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: () => {} },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => {},
        setPermissionCheckHandler: () => {},
        webRequest: { onHeadersReceived: () => {} },
      },
    },
    shell: { openExternal: async () => {} },
  };
  return { electron, record, done };
}
