import type { MerchantApi } from '@bridge';

declare global {
  interface Window {
    /** Exposed by the preload (or the browser test host's stand-in); the renderer's only way out. */
    merchant: MerchantApi;
  }
}

export {};
