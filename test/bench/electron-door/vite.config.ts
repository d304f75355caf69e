import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { aliases } from '../../../aliases';

// The start figures' stand-in preload (door.ts), one classic script, minified as the real preload is.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const DOOR_SCRIPT = here('../../../out/bench-electron-door/door.js');

export default defineConfig({
  logLevel: 'warn',
  resolve: { alias: aliases },
  build: {
    outDir: here('../../../out/bench-electron-door'),
    emptyOutDir: true,
    minify: true,
    lib: { entry: here('door.ts'), formats: ['iife'], name: 'benchElectronDoor', fileName: () => 'door.js' },
  },
});
