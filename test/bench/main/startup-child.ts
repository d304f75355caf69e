// One cold start of the built main bundle (out/main/index.js) in a fresh process, with the Electron
// stand-in: prints when the entry reached each step, in ms from the start of the import.
import { launchBuiltApp, quitBuiltApp } from '@test/helpers/built-app/launch';

type Listener = (...args: never[]) => unknown;
interface StandInElectron {
  app: { whenReady(): Promise<void> };
  ipcMain: { handle(channel: string, listener: Listener): void };
  BrowserWindow: new (...args: unknown[]) => object;
}

const marks: Record<string, number> = {};
let t0 = 0;
const at = () => performance.now() - t0;
t0 = performance.now();
const app = await launchBuiltApp({}, (standIn) => {
  const electron = standIn.electron as unknown as StandInElectron;
  const whenReady = electron.app.whenReady.bind(electron.app);
  electron.app.whenReady = () => {
    marks.ready ??= at();
    return whenReady();
  };
  const handle = electron.ipcMain.handle.bind(electron.ipcMain);
  electron.ipcMain.handle = (channel, listener) => {
    marks.firstHandler ??= at();
    marks.lastHandler = at();
    handle(channel, listener);
  };
  const Window = electron.BrowserWindow;
  electron.BrowserWindow = class extends Window {
    constructor(...args: unknown[]) {
      super(...args);
      marks.window ??= at();
    }
  };
});
marks.total = at();
await quitBuiltApp(app);
console.log(JSON.stringify(marks));
