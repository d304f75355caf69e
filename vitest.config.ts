import { defineConfig } from 'vitest/config';

export default defineConfig({
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
