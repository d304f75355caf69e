import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS as BASE_ARGS, chromiumExecutable } from '@test/helpers/chromium';
import { CONTENT_TYPES } from '@test/helpers/content-types';

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
export async function newBenchContext(browser: Browser, rendererDir?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  if (rendererDir) await serveRendererFrom(context, rendererDir);
  return context;
}

/**
 * The page's own files (not the host's IPC, events or bridge) from another renderer build: a before/after
 * comparison loads the older build in the same browser and host, taking turns with the current one.
 * Only loading goes through the route, so the frames measured are the build's own.
 */
async function serveRendererFrom(context: BrowserContext, dir: string): Promise<void> {
  const root = normalize(dir);
  await context.route(
    (url) => !url.pathname.startsWith('/__host/'),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
      if (!file.startsWith(root) || !existsSync(file)) return route.continue();
      // The host's own answer, for its headers (the content security policy among them).
      const response = await route.fetch();
      let body: Buffer | string = readFileSync(file);
      // As the host does: its stand-in preload runs before the app.
      if (file.endsWith('index.html'))
        body = body.toString('utf8').replace('<head>', '<head><script src="/__host/bridge.js"></script>');
      await route.fulfill({
        response,
        // The other build's chunks have other names: the host itself answers 404 for them.
        status: 200,
        body,
        headers: {
          ...response.headers(),
          'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        },
      });
    },
  );
}
