import { describe, expect, it } from 'vitest';
import { checkWebhookHost } from '@main/app/modules/webhook-hosts';
import { isPublicSuffix, registrableDomain } from '@main/security/public-suffix';
import { checkoutHosts } from '@main/security/window-policy';

describe('the public-suffix list decides what a host’s parent may allow', () => {
  it('knows registrable domains and suffixes, private ones included', () => {
    expect(registrableDomain('api.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('co.uk')).toBeNull();
    expect(registrableDomain('10.0.0.1')).toBeNull();
    expect(isPublicSuffix('co.uk')).toBe(true);
    expect(isPublicSuffix('github.io')).toBe(true);
    expect(isPublicSuffix('example.co.uk')).toBe(false);
    expect(isPublicSuffix('10.0.0.1')).toBe(false);
  });

  it('a service at pay.co.uk opens its own pages, never every site under co.uk', () => {
    const allowed = checkoutHosts(['https://pay.co.uk']);
    expect(allowed('pay.co.uk')).toBe(true);
    expect(allowed('evil.co.uk')).toBe(false);
    expect(allowed('co.uk')).toBe(false);
  });

  it('a service at api.example.co.uk opens checkout pages beside it, within example.co.uk only', () => {
    const allowed = checkoutHosts(['https://api.example.co.uk']);
    expect(allowed('checkout.example.co.uk')).toBe(true);
    expect(allowed('example.co.uk')).toBe(true);
    expect(allowed('other.co.uk')).toBe(false);
    expect(allowed('co.uk')).toBe(false);
  });

  it('a private suffix is a suffix too: one github.io site does not allow another', () => {
    const allowed = checkoutHosts(['https://shop.github.io']);
    expect(allowed('shop.github.io')).toBe(true);
    expect(allowed('attacker.github.io')).toBe(false);
  });

  it('keeps what it allowed before: siblings under a parent domain, an IP address only itself', () => {
    expect(checkoutHosts(['https://api.pay.example'])('checkout.pay.example')).toBe(true);
    expect(checkoutHosts(['https://api.pay.example'])('evil.example')).toBe(false);
    expect(checkoutHosts(['https://10.0.0.1'])('10.0.0.1')).toBe(true);
    expect(checkoutHosts(['https://10.0.0.1'])('0.0.1')).toBe(false);
  });
});

describe('a webhook host approval covers that host alone', () => {
  const live = 'https://api.live-merchant.example';
  const refused = (url: string, approved: string[]) => () => checkWebhookHost(url, approved, live);

  it('approving example.co.uk approves neither co.uk nor another name under it', () => {
    expect(refused('https://example.co.uk/in', ['example.co.uk'])).not.toThrow();
    expect(refused('https://co.uk/in', ['example.co.uk'])).toThrow(/not an approved webhook host/);
    expect(refused('https://other.co.uk/in', ['example.co.uk'])).toThrow(/not an approved webhook host/);
  });

  it('a public suffix written into the settings file by hand approves nothing', () => {
    expect(refused('https://co.uk/in', ['co.uk'])).toThrow(/not an approved webhook host/);
  });
});
