import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

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
  const queue = [...matches(html, ENTRY_SCRIPT), ...matches(html, MODULE_PRELOAD)].map((s) =>
    normalize(join(outDir, s)),
  );
  if (queue.length === 0) throw new Error(`${outDir}/index.html has no module entry script`);
  const seen = new Set<string>();
  const chunks: ChunkSize[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
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
