import { join } from 'node:path';
import { ensureBuilt as ensureOut, ROOT as REPO_ROOT } from '../../../scripts/ensure-built.mjs';

export const ROOT = REPO_ROOT;
export const BUILT_MAIN = join(ROOT, 'out/main/index.js');
export const BUILT_PRELOAD = join(ROOT, 'out/preload/index.cjs');
export const BUILT_RENDERER_PAGE = join(ROOT, 'out/renderer/index.html');

/**
 * The app's bundles in out/, built only when missing or older than their sources (scripts/ensure-built.mjs,
 * the one build of a test run: `npm test` and .ci/run build before any test starts, so here it is a check).
 * Tests of the built app call it so that a lone `npx vitest run <file>` still tests the code as it is.
 */
export function ensureBuilt(): void {
  ensureOut({ targets: ['app'] });
}

/** The app and the e2e test host's bridge (out/e2e-host), for the checks that open the app in Chromium. */
export function ensureBuiltWithHost(): void {
  ensureOut({ targets: ['app', 'host'] });
}
