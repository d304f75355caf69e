import { parse } from 'tldts';

// Private suffixes too (github.io, herokuapp.com): a sibling there is another customer's site.
const OPTIONS = { allowPrivateDomains: true };

/**
 * The registrable domain of a host by the public-suffix list (tldts, which ships the list):
 * "example.co.uk" for "api.example.co.uk". Null for an IP address and for a public suffix itself
 * ("co.uk", "github.io"), under which unrelated owners register their names.
 */
export function registrableDomain(host: string): string | null {
  const parsed = parse(host, OPTIONS);
  return parsed.isIp ? null : parsed.domain;
}

/** A public suffix ("co.uk", "com", "github.io"): no one person's host, so never approved. */
export function isPublicSuffix(host: string): boolean {
  const parsed = parse(host, OPTIONS);
  return parsed.isIp !== true && parsed.domain === null;
}
