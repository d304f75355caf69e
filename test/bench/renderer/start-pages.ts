import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const config = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const BARE_CONFIG = config('../bare-react/vite.config.ts');
const DOOR_CONFIG = config('../electron-door/vite.config.ts');

/**
 * For production, as the app ships, also from inside a test run: with NODE_ENV=test, Vite and the
 * React plugin would build React's development runtime into the bare page.
 */
async function asProduction(work: () => Promise<void>): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await work();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Builds what the start figures load beside the app: the bare React page and the stand-in preload. */
export async function buildStartPages(): Promise<void> {
  await asProduction(async () => {
    for (const configFile of [BARE_CONFIG, DOOR_CONFIG]) await build({ configFile });
  });
}

/** The bare React page alone, into `outDir` (a copy of its own, apart from the bench's in out/). */
export async function buildBarePage(outDir: string): Promise<void> {
  await asProduction(async () => {
    await build({ configFile: BARE_CONFIG, build: { outDir, emptyOutDir: true } });
  });
}
