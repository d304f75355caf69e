import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { aliases } from './aliases';
import { readReleaseInputs, releaseDefines } from './scripts/release-inputs.mjs';

const ENTRY_SCRIPT = '<script type="module" crossorigin';

/**
 * Makes the page's entry script render-blocking (Vite rewrites the tag and drops the attribute when
 * written in index.html). No frame of the empty page is painted while the script loads; with the
 * shell rendered in the script's own task (src-renderer/src/main.tsx), the first frame is the shell.
 * Measured in the start bench (issue 14), that extra frame cost 3-5 ms before the shell's.
 */
function renderBlockingEntry(): Plugin {
  return {
    name: 'render-blocking-entry',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (html.split(ENTRY_SCRIPT).length !== 2)
          throw new Error('index.html: expected one entry module script');
        return html.replace(ENTRY_SCRIPT, '<script type="module" blocking="render" crossorigin');
      },
    },
  };
}

export default defineConfig({
  main: {
    resolve: { alias: aliases },
    plugins: [externalizeDepsPlugin()],
    // The release key's public half and the update server, from build/ (scripts/release-inputs.mjs):
    // null in a build without them, whose updates are then off (src-main/update/self-update-setup.ts).
    define: releaseDefines(readReleaseInputs()),
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/index.ts'),
          // The journal's worker thread (src-main/storage/sqlite/worker-client.ts finds it beside index.js).
          'storage-worker': resolve(__dirname, 'src-main/storage/sqlite/storage-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: aliases },
    // A sandboxed preload can require only 'electron': the little it imports (the channel names) is
    // bundled in. It holds no zod and no schema (src-preload/bridge.ts says why).
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/preload',
      // It runs before the page's first script on every start.
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        // A sandboxed preload cannot load ES modules: emit CommonJS, in one file.
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias: aliases },
    plugins: [react(), renderBlockingEntry()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-renderer/index.html') },
        // Everything the first screen needs in one file: rolldown otherwise split out what the lazy
        // screens share with it (the JSX runtime, zustand, the IPC layer), three module requests at
        // start instead of one. Measured against the split build, interleaved: 1.2 KB less gzip and
        // 2-3 ms less main-thread CPU at start; the screens stay lazy, importing from this file.
        output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } },
      },
    },
  },
});
