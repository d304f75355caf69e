import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { aliases } from '../../../../aliases';

// Bundles the test host's stand-in preload into one classic script; never part of the app build.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  logLevel: 'warn',
  resolve: { alias: aliases },
  build: {
    outDir: here('../../../../out/e2e-host'),
    emptyOutDir: true,
    // Built as the real preload is (electron.vite.config.ts): the start-up figures depend on it.
    minify: true,
    lib: {
      entry: here('browser-bridge.ts'),
      formats: ['iife'],
      name: 'merchantHostBridge',
      fileName: () => 'bridge.js',
    },
  },
});
