import { defineConfig } from 'vitest/config';
import { aliases } from '../../../aliases';

// The renderer benchmark's smoke run, apart from the unit suite: it launches Chromium and takes about
// a minute on a shared 2-core machine. `npm run bench:renderer:smoke`. Beside it, the checks that the
// start figures' preload runs before the page (interactive.test.ts), that the frame figures' floor
// page draws its rows (floor-page.test.ts), that the start loads one file (start-bundle.test.ts) and
// what the first frame does and draws (start-page.test.ts).
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    root: new URL('../../../', import.meta.url).pathname,
    include: [
      'test/bench/renderer/smoke.test.ts',
      'test/bench/renderer/interactive.test.ts',
      'test/bench/renderer/floor-page.test.ts',
      'test/bench/renderer/start-bundle.test.ts',
      'test/bench/renderer/start-page.test.ts',
    ],
    environment: 'node',
  },
});
