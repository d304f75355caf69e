import { installFakeMerchant, type FakeMerchant } from './fake-merchant';

/**
 * installFakeMerchant for component tests: the fake bridge goes onto happy-dom's own window instead
 * of replacing it, so React and Testing Library keep their DOM.
 */
export function installDomMerchant(handlers: Parameters<typeof installFakeMerchant>[0]): FakeMerchant {
  const dom = globalThis.window;
  const fake = installFakeMerchant(handlers);
  (globalThis as { window?: unknown }).window = dom;
  Object.defineProperty(dom, 'merchant', { value: fake.api, configurable: true, writable: true });
  return fake;
}

export const SANDBOX = {
  id: 'sandbox',
  name: 'Sandbox',
  environment: 'sandbox' as const,
  baseUrl: 'embedded',
  merchantId: 'sandbox-merchant',
  signing: 'timestamped' as const,
  pollIntervalMs: 5000,
};
export const ACME = {
  id: 'p-live',
  name: 'Acme',
  environment: 'live' as const,
  baseUrl: 'https://api.example.com',
  merchantId: 'acme-42',
  signing: 'timestamped' as const,
  pollIntervalMs: 5000,
};
