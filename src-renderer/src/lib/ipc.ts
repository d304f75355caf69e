import type { UncheckedMerchantApi } from '@bridge';
import type { ErrorInfo, IpcResult } from '@contract';
import { checkedMerchant, type MerchantApi } from './merchant-api';

export type { ErrorInfo, IpcResult };

let checked: { unchecked: UncheckedMerchantApi; api: MerchantApi } | undefined;

/**
 * The bridge the preload (or the browser test host) put on `window`, wrapped once with the
 * contract's checks; null when there is none.
 */
export function merchantApi(): MerchantApi | null {
  const host = globalThis as { window?: { merchant?: UncheckedMerchantApi } };
  const unchecked = host.window?.merchant;
  if (!unchecked) return null;
  if (checked?.unchecked !== unchecked) checked = { unchecked, api: checkedMerchant(unchecked) };
  return checked.api;
}

export const BRIDGE_MISSING: ErrorInfo = {
  kind: 'unavailable',
  message:
    'Merchant Desk could not reach its main process. Restart the app; if it keeps happening, reinstall it.',
};

/**
 * Every store reaches `window.merchant` through here. merchantApi() already checks each answer against
 * the contract (a malformed one arrives as a 'malformed-answer' error) and turns a failed transport
 * into an error; what is left for this function is a missing bridge, which becomes an ordinary
 * ErrorInfo the screen can show instead of a blank page.
 */
export async function callMerchant<T>(
  call: (api: MerchantApi) => Promise<IpcResult<T>>,
): Promise<IpcResult<T>> {
  const api = merchantApi();
  if (!api) return { ok: false, error: BRIDGE_MISSING };
  return call(api);
}

/** Subscribe to a push event; a missing bridge means no events, not a crash. */
export const subscribe: MerchantApi['on'] = (event, listener) => {
  const api = merchantApi();
  if (!api) return () => {};
  return api.on(event, listener);
};

/** Field errors keyed by the field's own name: "patch.signing" and "signing" are the same field here. */
export function fieldErrorsOf(error: ErrorInfo | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(error?.fieldErrors ?? {})) {
    const field = path.split('.').pop() ?? path;
    if (messages.length > 0 && !out[field]) out[field] = messages.join('; ');
  }
  return out;
}
