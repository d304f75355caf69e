import { registrableDomain } from './public-suffix';

/**
 * The security settings of the app window, kept free of any `electron` import so tests can check
 * them in plain Node. Every one of these is a decision, not a default we happened to inherit.
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const;

/** The renderer talks only to main (IPC); it loads nothing from the network, ever. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // React and recharts set styles through the CSSOM, which CSP allows; no inline <style> or <script>.
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
].join('; ');

/**
 * Links staff may open outside the app: https only, no credentials in the URL. Used for invoice
 * checkout pages that the user chose to open; everything else is refused.
 */
export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname.length > 0;
}

/**
 * The hosts whose checkout pages may be opened: a configured profile's service host, and the hosts
 * beside it under the same parent domain (a service at api.pay.example serves checkout pages from
 * checkout.pay.example). The parent must be within the host's registrable domain by the public-suffix
 * list: a service at pay.co.uk allows only itself, never every site under co.uk. An IP address
 * allows only itself. The list comes from the profiles, each added in main's own window.
 */
export function checkoutHosts(baseUrls: readonly string[]): (hostname: string) => boolean {
  const exact = new Set<string>();
  const parents = new Set<string>();
  for (const raw of baseUrls) {
    if (!URL.canParse(raw)) continue;
    const host = new URL(raw).hostname;
    exact.add(host);
    const domain = registrableDomain(host);
    const parent = host.split('.').slice(1).join('.');
    if (domain && (parent === domain || parent.endsWith(`.${domain}`))) parents.add(parent);
  }
  return (hostname) =>
    exact.has(hostname) ||
    [...parents].some((parent) => hostname === parent || hostname.endsWith(`.${parent}`));
}

/**
 * A checkout page staff may open: an allowed external URL on a checkout host of a configured
 * profile, so a link from a compromised answer or page cannot send the browser anywhere else.
 */
export function isAllowedCheckoutUrl(raw: string, isCheckoutHost: (hostname: string) => boolean): boolean {
  return isAllowedExternalUrl(raw) && isCheckoutHost(new URL(raw).hostname);
}

/**
 * The one permission the page may have: writing plain text to the clipboard (the Copy buttons for
 * addresses and checkout links). Chromium asks for it on `navigator.clipboard.writeText`; everything
 * else (camera, notifications, reading the clipboard, ...) stays refused, and so does any frame that
 * is not the app's own top-level page.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isAllowedPermission(
  permission: string,
  request: { requestingUrl?: string; isMainFrame?: boolean },
  isAppPage: (url: URL) => boolean,
): boolean {
  if (!ALLOWED_PERMISSIONS.has(permission) || request.isMainFrame === false || !request.requestingUrl)
    return false;
  try {
    return isAppPage(new URL(request.requestingUrl));
  } catch {
    return false;
  }
}
