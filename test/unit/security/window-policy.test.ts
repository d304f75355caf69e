import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  isAllowedExternalUrl,
  isAllowedPermission,
  SECURE_WEB_PREFERENCES,
} from '@main/security/window-policy';

describe('window policy', () => {
  it('isolates the renderer completely', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
  });

  it('has a CSP that allows no remote or inline scripts and no remote connections', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|https?:|\*/);
  });

  it('is the same policy the renderer page declares (meta tags cannot carry frame-ancestors)', () => {
    const html = readFileSync(new URL('../../../src-renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    const withoutAncestors = CONTENT_SECURITY_POLICY.split('; ').filter(
      (d) => !d.startsWith('frame-ancestors'),
    );
    expect(meta?.split('; ').sort()).toEqual(withoutAncestors.sort());
  });

  it.each([
    ['https://pay.example.com/checkout/abc', true],
    ['http://pay.example.com/checkout/abc', false],
    ['https://user:pw@pay.example.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('external URL %s allowed: %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
  });
});

describe('permissions', () => {
  const appPage = (url: URL) => url.protocol === 'file:' && url.pathname === '/app/out/renderer/index.html';
  const page = 'file:///app/out/renderer/index.html';

  it('lets the app page write text to the clipboard, from its top-level frame only', () => {
    expect(
      isAllowedPermission('clipboard-sanitized-write', { requestingUrl: page, isMainFrame: true }, appPage),
    ).toBe(true);
    expect(
      isAllowedPermission('clipboard-sanitized-write', { requestingUrl: page, isMainFrame: false }, appPage),
    ).toBe(false);
  });

  it.each([
    ['clipboard-read', page],
    ['notifications', page],
    ['media', page],
    ['openExternal', page],
    ['clipboard-sanitized-write', 'https://evil.example/'],
    ['clipboard-sanitized-write', 'file:///tmp/other.html'],
    ['clipboard-sanitized-write', 'not a url'],
    ['clipboard-sanitized-write', undefined],
  ])('refuses %s from %s', (permission, requestingUrl) => {
    expect(
      isAllowedPermission(
        permission,
        { ...(requestingUrl ? { requestingUrl } : {}), isMainFrame: true },
        appPage,
      ),
    ).toBe(false);
  });
});
