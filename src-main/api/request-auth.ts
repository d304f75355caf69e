import { MERCHANT_ID, type SigningMode } from '@shared/domain/profile';
import { requestError } from './errors';
import { signLegacy, signTimestamped } from '../protocol/signing';

/** Header construction for merchant-signed calls; public calls never come through here. */

export type { SigningMode } from '@shared/domain/profile';
export type ApiKeySource = string | (() => Promise<string>);

// The profile's rule (visible ASCII): a header value with spaces or control characters is a typo or an injection.

export function checkMerchantId(operation: string, merchantId: string): void {
  if (typeof merchantId !== 'string' || !MERCHANT_ID.test(merchantId)) {
    throw requestError(
      operation,
      'Nothing was sent: the merchant ID in the profile is empty or contains spaces or control characters. Fix it in the profile settings.',
      { merchantId: ['must be non-empty visible ASCII without spaces'] },
    );
  }
}

export async function resolveApiKey(operation: string, source: ApiKeySource): Promise<string> {
  const key = typeof source === 'function' ? await source() : source;
  if (typeof key !== 'string' || key.trim().length === 0) {
    throw requestError(
      operation,
      'Nothing was sent: no API key is stored for this profile. Enter it in the profile settings.',
      {
        apiKey: ['is required'],
      },
    );
  }
  return key;
}

/** Unix seconds, digits only, as the service expects. */
export function unixSeconds(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new Error(`clock value ${String(ms)} cannot be turned into a Unix timestamp`);
  }
  return String(seconds);
}

export interface SignedHeaders {
  headers: Record<string, string>;
  timestamp?: string;
}

export function signedHeaders(
  merchantId: string,
  apiKey: string,
  body: string,
  mode: SigningMode,
  timestampMs: number,
): SignedHeaders {
  if (mode === 'legacy') {
    return { headers: { Merchant: merchantId, Sign: signLegacy(body, apiKey) } };
  }
  const timestamp = unixSeconds(timestampMs);
  return {
    headers: { Merchant: merchantId, Sign: signTimestamped(body, timestamp, apiKey), Timestamp: timestamp },
    timestamp,
  };
}
