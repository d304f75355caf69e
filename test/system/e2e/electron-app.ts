import { _electron as electron, type ElectronApplication } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataFolder } from '@test/helpers/data-folder';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Where Electron keeps its binary once downloaded. Requiring the `electron` package would start a
 * download, so we look for the files instead.
 */
export function electronBinary(): string | null {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export const ELECTRON_SKIP_REASON =
  'Electron binary not downloaded on this machine; the same specs ran in Chromium via the test host';

/**
 * The built app in Electron, on a data folder of its own that is removed when the app closes (unless
 * `env` names the folder, which is then the caller's: dataFolder); `env` adds to the runner's environment.
 */
export async function launchElectron(
  binary: string,
  env: Record<string, string> = {},
): Promise<ElectronApplication> {
  const dataDir = dataFolder('md-electron-', env.MERCHANT_DESK_USER_DATA);
  const app = await electron.launch({
    executablePath: binary,
    args: [join(ROOT, 'out/main/index.js')],
    cwd: ROOT,
    env: { ...process.env, MERCHANT_DESK_USER_DATA: dataDir.path, ...env },
  });
  app.once('close', dataDir.remove);
  return app;
}
