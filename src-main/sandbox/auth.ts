import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../protocol/canonical';
import { signLegacy, signTimestamped } from '../protocol/signing';
import { authError, malformedJson, type ParsedBody, type Reply } from './http-util';
import type { MerchantRecord, SandboxState } from './types';

export const TIMESTAMP_WINDOW_S = 300;

export interface AuthRule {
  /** createWithdrawal: no timestamp means 400 Missing timestamp. */
  timestampRequired: boolean;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The string the service signs: PHP's json_encode(json_decode(body, true)). A body that cannot be
 * re-encoded faithfully (a float, a numeric key) is unverifiable: null here, 401 Invalid sign there.
 */
export function canonicalOf(body: ParsedBody): string | null {
  if (body.kind === 'empty') return '';
  if (body.kind === 'malformed') return null;
  try {
    return canonicalJson(body.value);
  } catch {
    return null;
  }
}

/**
 * Order of checks (the spec gives the table, not the order): headers present, timestamp present when
 * required, merchant known, timestamp fresh, signature valid, merchant not suspended. Suspension is
 * checked last so that only a correctly signed caller learns the account state.
 */
export function authenticate(
  state: SandboxState,
  headers: IncomingHttpHeaders,
  body: ParsedBody,
  nowMs: number,
  rule: AuthRule,
): { merchant: MerchantRecord } | { reply: Reply } {
  const merchantId = header(headers, 'merchant');
  const sign = header(headers, 'sign');
  if (!merchantId || !sign) return { reply: authError(400, 'Missing headers') };
  const timestamp = header(headers, 'timestamp') ?? header(headers, 'x-timestamp');
  if (rule.timestampRequired && timestamp === undefined)
    return { reply: authError(400, 'Missing timestamp') };
  const merchant = state.merchants[merchantId];
  if (!merchant || merchant.apiKey.length === 0) return { reply: authError(401, 'Invalid merchant') };
  if (timestamp !== undefined) {
    if (!/^\d{1,15}$/.test(timestamp)) return { reply: authError(401, 'Timestamp expired') };
    const skew = Math.abs(Math.floor(nowMs / 1000) - Number(timestamp));
    if (skew > TIMESTAMP_WINDOW_S) return { reply: authError(401, 'Timestamp expired') };
  }
  // json_decode fails on it, so there is nothing to verify against: answer as validation, not auth.
  if (body.kind === 'malformed') return { reply: malformedJson() };
  const canonical = canonicalOf(body);
  if (canonical === null) return { reply: authError(401, 'Invalid sign') };
  const expected =
    timestamp === undefined
      ? signLegacy(canonical, merchant.apiKey)
      : signTimestamped(canonical, timestamp, merchant.apiKey);
  if (!sameHex(expected, sign)) return { reply: authError(401, 'Invalid sign') };
  if (merchant.suspended) return { reply: authError(403, 'Merchant account is suspended') };
  return { merchant };
}
