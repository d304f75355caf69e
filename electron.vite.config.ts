import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { aliases } from './aliases';

export default defineConfig({
  main: {
    resolve: { alias: aliases },
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/index.ts') } },
    },
  },
  preload: {
    resolve: { alias: aliases },
    // A sandboxed preload can require only 'electron': everything else must be bundled into it (the
    // contract's schemas use zod, and its address checks @scure/base and @noble/hashes).
    plugins: [externalizeDepsPlugin({ exclude: ['zod', '@scure/base', '@noble/hashes'] })],
    build: {
      outDir: 'out/preload',
      // It runs before the page's first script on every start: a third of the bytes to read and parse.
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        // A sandboxed preload cannot load ES modules: emit CommonJS. Nor can it require a file of its
        // own: the bridge's lazy import of the contract stays in this one file, as a deferred init.
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias: aliases },
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
