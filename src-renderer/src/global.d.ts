import type { UncheckedMerchantApi } from '@bridge';

declare global {
  interface Window {
    /**
     * Exposed by the preload (or the browser test host's stand-in); the renderer's only way out.
     * Reached through lib/ipc.ts, which checks what it answers.
     */
    merchant: UncheckedMerchantApi;
  }
}

export {};
