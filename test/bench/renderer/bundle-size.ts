import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The most the renderer's initial JS may weigh, as a multiple of a bare React page's built alike (gzip
 * -9): the bench's figure (build-figures.ts) and the system lane's guard (test/system/build/initial-js.test.ts).
 */
export const INITIAL_JS_TARGET = 1.2;

export interface ChunkSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface InitialJs {
  chunks: ChunkSize[];
  rawBytes: number;
  gzipBytes: number;
}

// Static imports only: `import{a}from"./x.js"`, `import"./x.js"` and `export{a}from"./x.js"`.
// Dynamic `import("./x.js")` (lazy screens) is left out on purpose: it is not paid for at start-up.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g;
const ENTRY_SCRIPT = /<script[^>]*type="module"[^>]*src="([^"]+)"/g;
const MODULE_PRELOAD = /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g;

function matches(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[1]!).filter((s) => !/^[a-z]+:/i.test(s));
}

/**
 * The JavaScript a cold start downloads and parses before first render: the entry module of
 * index.html and every chunk it reaches through static imports (modulepreload links are only hints
 * for the same graph, so they are followed too in case a chunk is preloaded but not imported).
 * Sizes are each file's bytes and its gzip -9 size, as a server or installer would compress them.
 */
export function initialJs(outDir: string): InitialJs {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const entries = [...matches(html, ENTRY_SCRIPT), ...matches(html, MODULE_PRELOAD)];
  if (entries.length === 0) throw new Error(`${outDir}/index.html has no module entry script`);
  return reachableJs(
    outDir,
    entries.map((s) => normalize(join(outDir, s))),
  );
}

/** The chunks `start` reaches through static imports, skipping `exclude` (files relative to outDir). */
function reachableJs(outDir: string, start: string[], exclude: ReadonlySet<string> = new Set()): InitialJs {
  const queue = [...start];
  const seen = new Set<string>();
  const chunks: ChunkSize[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || exclude.has(relative(outDir, file))) continue;
    seen.add(file);
    if (!existsSync(file)) throw new Error(`${relative(outDir, file)} is referenced but missing`);
    const bytes = readFileSync(file);
    chunks.push({
      file: relative(outDir, file),
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
    });
    for (const spec of matches(bytes.toString('utf8'), STATIC_IMPORT))
      queue.push(normalize(join(dirname(file), spec)));
  }
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    chunks,
    rawBytes: chunks.reduce((sum, c) => sum + c.rawBytes, 0),
    gzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
  };
}

export interface ScreenChunk {
  screen: string;
  component: string;
  /** What opening the screen first adds: its chunk and what it imports that the start did not load. */
  js: InitialJs;
}

/** `screen: named(() => import('…'), 'Component')` in src-renderer/src/shell/screens.tsx. */
// A screen id is a bare key (rates:) or a quoted one ('money-in':).
const LAZY_SCREEN = /'?([\w-]+)'?:\s*named\(\s*\(\)\s*=>\s*import\('[^']+'\),\s*'(\w+)'\s*\)/g;

/**
 * Per-screen lazy JavaScript, and a check that the first chunk holds the shell only: every screen of
 * `screenIds` must be declared lazy in `screensSource`, and no screen's chunk may be reachable from
 * the start. Vite names a lazy chunk after its module (`InvoicesScreen-<hash>.js`).
 */
export function screenChunks(
  outDir: string,
  screensSource: string,
  screenIds: readonly string[],
  initial: InitialJs,
): ScreenChunk[] {
  const lazy = new Map([...screensSource.matchAll(LAZY_SCREEN)].map((m) => [m[1]!, m[2]!]));
  const notLazy = screenIds.filter((id) => !lazy.has(id));
  if (notLazy.length) throw new Error(`screens not loaded lazily: ${notLazy.join(', ')}`);
  const loaded = new Set(initial.chunks.map((c) => c.file));
  const assets = readdirSync(join(outDir, 'assets'));
  return screenIds.map((screen) => {
    const component = lazy.get(screen)!;
    const files = assets.filter((f) => f.startsWith(`${component}-`) && f.endsWith('.js'));
    if (files.length !== 1) throw new Error(`expected one chunk for ${component}, found ${files.length}`);
    const file = join('assets', files[0]!);
    if (loaded.has(file)) throw new Error(`${component} is in the initial chunks: it is not lazy`);
    return { screen, component, js: reachableJs(outDir, [join(outDir, file)], loaded) };
  });
}
