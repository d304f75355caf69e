import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  resolveAppPath,
} from '@main/security/app-protocol';
import { CONTENT_SECURITY_POLICY } from '@main/security/window-policy';

// Issue 26 item 6: the renderer comes from app://desk/, and only from the built renderer folder.
let base: string;
let root: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'md-proto-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Merchant Desk</title>');
  writeFileSync(join(root, 'assets', 'start.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'start.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'start.js.map'), '{}');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  writeFileSync(join(base, 'journal.sqlite'), 'the journal, beside the renderer');
  writeFileSync(join(base, 'secret.js'), 'the key');
  symlinkSync(join(base, 'secret.js'), join(root, 'assets', 'link.js'));
});

const serve = (url: string, method = 'GET') => createAppProtocolHandler(root)({ url, method });

describe('the app:// scheme', () => {
  it('is registered standard and secure, without bypassing the CSP', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({
      scheme: 'app',
      privileges: { standard: true, secure: true },
    });
    expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('bypassCSP');
    expect(APP_ENTRY_URL).toBe('app://desk/index.html');
  });

  it('serves the page with its CSP and the scripts and styles with their types, never sniffed', async () => {
    const page = await serve(APP_ENTRY_URL);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>Merchant Desk</title>');
    expect((await serve('app://desk/')).headers.get('content-type')).toMatch(/^text\/html/);
    const script = await serve('app://desk/assets/start.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect((await serve('app://desk/assets/start.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    const head = await serve('app://desk/assets/start.js', 'HEAD');
    expect([head.status, await head.text()]).toEqual([200, '']);
  });

  it.each([
    ['app://desk/../journal.sqlite', 404],
    ['app://desk/%2e%2e/journal.sqlite', 404],
    ['app://desk/assets/%2E%2E%2F%2E%2E%2Fsecret.js', 404],
    ['app://desk/assets/..%2f..%2fsecret.js', 404],
    ['app://desk/..%5csecret.js', 400],
    ['app://desk/index.html%00.js', 400],
    ['app://desk/%E0%A4%A', 400],
    ['app://desk/.env', 404],
    ['app://desk/assets/start.js.map', 404],
    ['app://desk/assets/missing.js', 404],
    ['app://desk/assets/link.js', 404],
    ['app://other/index.html', 404],
    ['app://desk:8080/index.html', 404],
    ['app://user@desk/index.html', 404],
    ['file:///etc/passwd', 404],
    ['not a url', 400],
  ])('refuses %s (%i): nothing outside the renderer folder is served', async (url, status) => {
    const answer = await serve(url);
    expect(answer.status).toBe(status);
    expect(await answer.text()).toBe('');
  });

  it('answers only reads', async () => {
    const post = await serve(APP_ENTRY_URL, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('names the file inside the folder for a path it serves', () => {
    expect(resolveAppPath('app://desk/assets/start.js?v=1#x', root)).toEqual({
      ok: true,
      file: join(root, 'assets', 'start.js'),
      mimeType: 'text/javascript; charset=utf-8',
    });
  });
});
