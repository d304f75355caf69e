import { readFile as readFileCallback, realpath as realpathCallback } from 'node:fs';
import { promisify } from 'node:util';
import { extname, isAbsolute, relative, resolve } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './window-policy';

/**
 * The renderer is served from `app://desk/`, a scheme of the app's own, instead of `file://` (issue 26
 * item 6): a file: page shares its origin with every file on the disk, and Electron grants file: pages
 * extra privileges (switched off by the GrantFileProtocolExtraPrivileges fuse, build/fuses.json). Here
 * the page has an origin of its own, and can load nothing but the built renderer folder.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'desk';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * How the scheme is registered before the app is ready (protocol.registerSchemesAsPrivileged):
 * standard (a real origin, so relative URLs and 'self' in the CSP work) and secure (treated like
 * https). Fetch and CORS support let the page's module scripts load from it; it does not bypass the
 * CSP, and has no service workers, streaming or extensions.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
} as const;

/** What the built renderer holds; anything else is not served. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

export type AppResource =
  { ok: true; file: string; mimeType: string } | { ok: false; status: 400 | 404; reason: string };

// The callback forms: Electron's fs reads inside app.asar through them.
const readFile = promisify(readFileCallback);
const realpath = promisify(realpathCallback);

const refuse = (status: 400 | 404, reason: string): AppResource => ({ ok: false, status, reason });

/** `path` lies inside `root` (not the folder itself, not beside it). */
function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * The file an `app://desk/…` URL names inside `root`, and its type; or why it is not served. Every
 * way out of the folder is refused: `..` in any spelling (the URL parser removes the plain one,
 * decoding may bring back an encoded one), backslashes, NUL, hidden files, another host.
 */
export function resolveAppPath(rawUrl: string, root: string): AppResource {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return refuse(400, 'not a URL');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port || url.username)
    return refuse(404, 'not the app’s own address');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return refuse(400, 'a malformed escape in the path');
  }
  if (path === '/') path = '/index.html';
  if (/[\\\0]/.test(path)) return refuse(400, 'a backslash or NUL in the path');
  if (path.split('/').some((segment) => segment.startsWith('.')))
    return refuse(404, 'a dot segment or hidden file');
  const file = resolve(root, `.${path}`);
  if (!inside(resolve(root), file)) return refuse(404, 'outside the renderer folder');
  const mimeType = MIME_TYPES[extname(file).toLowerCase()];
  if (!mimeType) return refuse(404, 'not a type the renderer serves');
  return { ok: true, file, mimeType };
}

/** The headers of a served file: its type, never sniffed, and the page's CSP on every HTML answer. */
function headersFor(mimeType: string): Record<string, string> {
  return {
    'Content-Type': mimeType,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
    ...(mimeType.startsWith('text/html') ? { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } : {}),
  };
}

/**
 * protocol.handle's handler for the scheme: GET and HEAD of files inside `root` only. A symbolic link
 * inside the folder that points out of it is refused too (its real path is checked).
 */
export function createAppProtocolHandler(root: string) {
  const realRoot = realpath(root).catch(() => resolve(root));
  return async (request: { url: string; method?: string }): Promise<Response> => {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD')
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    const found = resolveAppPath(request.url, root);
    if (!found.ok) return new Response(null, { status: found.status });
    let body: Buffer;
    try {
      const real = await realpath(found.file);
      if (!inside(await realRoot, real)) return new Response(null, { status: 404 });
      body = await readFile(real);
    } catch {
      return new Response(null, { status: 404 });
    }
    const headers = headersFor(found.mimeType);
    return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
