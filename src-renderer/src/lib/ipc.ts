import type { MerchantApi } from '@bridge';
import type { ErrorInfo, IpcResult } from '@contract';

export type { ErrorInfo, IpcResult };

/**
 * Every store reaches `window.merchant` through here. The bridge promises never to throw, but a
 * renderer that trusts that blindly turns one bad answer into a blank screen; so a throw, a missing
 * bridge or an answer that is not an IpcResult becomes an ordinary ErrorInfo the screen can show.
 */
export function merchantApi(): MerchantApi | null {
  const host = globalThis as { window?: { merchant?: MerchantApi } };
  return host.window?.merchant ?? null;
}

export const BRIDGE_MISSING: ErrorInfo = {
  kind: 'unavailable',
  message:
    'Merchant Desk could not reach its main process. Restart the app; if it keeps happening, reinstall it.',
};

export async function callMerchant<T>(
  call: (api: MerchantApi) => Promise<IpcResult<T>>,
  isValid: (data: unknown) => boolean = () => true,
): Promise<IpcResult<T>> {
  const api = merchantApi();
  if (!api) return { ok: false, error: BRIDGE_MISSING };
  try {
    const result: unknown = await call(api);
    if (!isResultShape(result)) return { ok: false, error: malformed('The answer had an unexpected shape.') };
    if (result.ok && !isValid(result.data))
      return { ok: false, error: malformed('Some fields were missing or of the wrong type.') };
    return result as IpcResult<T>;
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : '';
    return {
      ok: false,
      error: {
        kind: 'internal',
        message: `The request failed inside Merchant Desk${detail}. Try again; if it keeps happening, restart the app.`,
      },
    };
  }
}

function malformed(what: string): ErrorInfo {
  return {
    kind: 'malformed',
    message: `Merchant Desk received an answer it could not read. ${what} Try again; if it persists, update Merchant Desk.`,
  };
}

function isResultShape(
  value: unknown,
): value is { ok: true; data: unknown } | { ok: false; error: ErrorInfo } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; error?: { kind?: unknown; message?: unknown } };
  if (v.ok === true) return 'data' in v;
  return v.ok === false && typeof v.error?.message === 'string' && typeof v.error.kind === 'string';
}

/** Subscribe to a push event; a missing bridge means no events, not a crash. */
export const subscribe: MerchantApi['on'] = (event, listener) => {
  const api = merchantApi();
  if (!api) return () => {};
  try {
    return api.on(event, listener);
  } catch {
    return () => {};
  }
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
