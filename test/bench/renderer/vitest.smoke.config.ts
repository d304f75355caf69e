import { defineConfig } from 'vitest/config';
import { aliases } from '../../../aliases';

// The renderer benchmark's smoke run, apart from the unit suite: it launches Chromium and takes about
// a minute on a shared 2-core machine. `npm run bench:renderer:smoke`.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    root: new URL('../../../', import.meta.url).pathname,
    include: ['test/bench/renderer/smoke.test.ts', 'test/bench/renderer/interactive.test.ts'],
    environment: 'node',
  },
});
