import { rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { aliases, testAliases } from '../../aliases';
import { CHILD_SOURCES } from './child-command';

// The drills' and soaks' child processes (a desk killed and started again, over and over), bundled
// from their sources for Node: `scripts/ensure-built.mjs children`; never part of the app build.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Beside the tools' caches, not in out/: out/ is what the security scan reads as the app.
const OUT = here('../../node_modules/.cache/test-children');

export default defineConfig({
  logLevel: 'warn',
  resolve: { alias: { ...aliases, ...testAliases } },
  build: {
    ssr: true,
    outDir: OUT,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: Object.fromEntries(
        Object.entries(CHILD_SOURCES).map(([name, source]) => [name, here(`../../${source}`)]),
      ),
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  plugins: [
    {
      // A bundled desk starts the storage worker it finds beside itself (worker-client.ts): the app's
      // built one, whose chunks resolve from its real place in out/main.
      name: 'storage-worker-beside',
      writeBundle() {
        rmSync(`${OUT}/storage-worker.js`, { force: true });
        symlinkSync(here('../../out/main/storage-worker.js'), `${OUT}/storage-worker.js`);
      },
    },
  ],
});
