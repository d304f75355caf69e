import { defineConfig } from 'vitest/config';
import { aliases } from './aliases';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Native modules and child processes: keep the two cores from thrashing.
    maxWorkers: 2,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
