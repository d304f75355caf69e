import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_JS_TARGET, initialJs, type InitialJs } from '@test/bench/renderer/bundle-size';
import { buildBarePage } from '@test/bench/renderer/start-pages';
import { ensureBuilt, ROOT } from '@test/helpers/built-app/build';

// The bench's figure renderer-initial-js, checked on every test run rather than only when the bench
// runs: the built renderer (out/) beside a bare React page built alike (about half a second).
const OUT = join(ROOT, 'out/renderer');
let bareDir = '';

beforeAll(async () => {
  ensureBuilt();
  bareDir = mkdtempSync(join(tmpdir(), 'md-bare-react-'));
  await buildBarePage(bareDir);
}, 60_000);
afterAll(() => rmSync(bareDir, { recursive: true, force: true }));

const kb = (js: InitialJs) => (js.gzipBytes / 1024).toFixed(1);

describe("the renderer's first load", () => {
  it(`stays within ${INITIAL_JS_TARGET}x a bare React page (gzip -9, lazy chunks not counted)`, () => {
    const app = initialJs(OUT);
    const bare = initialJs(bareDir);
    const ratio = app.gzipBytes / bare.gzipBytes;
    const chunks = app.chunks.map((c) => `${c.file} ${c.gzipBytes} B`).join(', ');
    expect(
      ratio,
      `${kb(app)} KB against ${kb(bare)} KB = ${ratio.toFixed(3)}x (${chunks}): what does not paint the ` +
        'first screen loads lazily (src-renderer/src/shell/lazy-parts.ts)',
    ).toBeLessThanOrEqual(INITIAL_JS_TARGET);
    // The baseline is React itself: an empty or broken bare build would make any app pass.
    expect(bare.gzipBytes).toBeGreaterThan(40_000);
  });
});
