import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { RunningSandbox } from '@main/sandbox/index';
import { startTestSandbox } from './sandbox-request';

/**
 * Starts a test sandbox for the whole file ('file') or afresh for every test ('test'), and closes it
 * after. The returned object stands for the running sandbox, so tests use it as they would the
 * sandbox itself (`sb.url`, `sb.control...`).
 */
export function useTestSandbox(scope: 'file' | 'test'): RunningSandbox {
  let running: RunningSandbox | undefined;
  const [before, after] = scope === 'file' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    running = await startTestSandbox();
  });
  after(() => running?.close());
  return new Proxy({} as RunningSandbox, {
    get(_target, property) {
      if (!running) throw new Error('The test sandbox is used before it started (outside a test).');
      return running[property as keyof RunningSandbox];
    },
  });
}
