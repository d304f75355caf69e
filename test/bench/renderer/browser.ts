import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS as BASE_ARGS, chromiumExecutable } from '../../helpers/chromium';

/**
 * `uncapped` lifts the display-rate cap on requestAnimationFrame, so frame deltas show the real work
 * per frame instead of rounding every frame up to 16.7 ms. A person's screen is capped at its refresh
 * rate: there a frame that needs 9 ms still shows after 16.7 ms and one that needs 17 ms misses a
 * refresh, so "< 16 ms of work per frame" is what keeps their scroll at 60 Hz, and only the uncapped
 * delta measures it. The other flags are the CI browser's (--disable-gpu: software raster and
 * compositing, slower than a desktop's GPU), so these frame times are an upper bound; each is judged
 * beside the floor measured the same way (frames.ts floorFrames).
 */
export function launchChromium(uncapped = false): Promise<Browser> {
  // The start figures open the built pages as files, as Electron's loadFile does; without this flag
  // Chromium refuses a file page's module scripts (origin 'null'). Pages over HTTP are unaffected.
  const base = [...BASE_ARGS, '--allow-file-access-from-files'];
  const args = uncapped ? [...base, '--disable-gpu-vsync', '--disable-frame-rate-limit'] : base;
  return chromium.launch({ executablePath: chromiumExecutable(), args });
}

/**
 * tsx compiles with esbuild's keepNames, which wraps inner functions in `__name(...)` calls; functions
 * serialised into the page (addInitScript, evaluate) would then throw. A no-op `__name` fixes that.
 */
export async function newBenchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  return context;
}
