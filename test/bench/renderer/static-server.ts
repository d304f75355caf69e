import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const PRELOAD_PATH = '/__host/bridge.js';

/**
 * Serves a built page on 127.0.0.1 the way the test host serves the renderer (files read per
 * request, no cache headers, no compression), so the bare page's load time compares like for like.
 * With `preload`, that script is served and run first in the page, as the test host does with its
 * stand-in preload and Electron with the real one (here from plain files, as Electron loads them).
 */
export async function serveStatic(
  root: string,
  preload?: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (preload && pathname === PRELOAD_PATH) {
      res.writeHead(200, { 'Content-Type': TYPES['.js']! }).end(readFileSync(preload));
      return;
    }
    if (preload && (pathname === '/' || pathname === '/index.html')) {
      const page = readFileSync(join(root, 'index.html'), 'utf8');
      res.writeHead(200, { 'Content-Type': TYPES['.html']! });
      res.end(page.replace('<head>', `<head><script src="${PRELOAD_PATH}"></script>`));
      return;
    }
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(pathname === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
