import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * Builds what the start figures load beside the app: the bare React page and the stand-in preload.
 * For production, as the app ships, also from inside a test run: with NODE_ENV=test, Vite and the
 * React plugin would build React's development runtime into the bare page.
 */
export async function buildStartPages(): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const config of ['../bare-react/vite.config.ts', '../electron-door/vite.config.ts'])
      await build({ configFile: fileURLToPath(new URL(config, import.meta.url)) });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
