import { canonicalJson } from '@main/protocol/canonical';
import { signLegacy, signTimestamped } from '@main/protocol/signing';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '@main/sandbox/index';

export const START = Date.UTC(2025, 0, 15, 12, 0, 0);
export const ALICE = { id: 'alice', apiKey: 'alice-key-123', name: 'Alice Shop' };
export const BOB = { id: 'bob', apiKey: 'bob-key-456', name: 'Bob Store' };

/** A deterministic sandbox: frozen clock, two funded merchants. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    realTime: false,
    startTime: START,
    seed: 7,
    merchants: [
      { ...ALICE, balances: { 'usdt:tron': '1000', 'btc:bitcoin': '1' } },
      { ...BOB, balances: { 'usdt:tron': '50' } },
    ],
    ...options,
  });
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function toResult(res: Response): Promise<HttpResult> {
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: parsed };
}

export interface SignOptions {
  merchant?: { id: string; apiKey: string };
  mode?: 'timestamped' | 'legacy';
  /** Override the timestamp sent (seconds, as text); default the sandbox clock. */
  timestamp?: string;
  timestampHeader?: 'Timestamp' | 'X-Timestamp';
  /** Send these bytes instead of the canonical body (still signed as given unless sign is set). */
  rawBody?: string;
  sign?: string;
  /** Header overrides; undefined removes the header. */
  headers?: Record<string, string | undefined>;
}

/** A merchant-signed call over real HTTP, signing the canonical bytes exactly as the client does. */
export async function signedRequest(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts: SignOptions = {},
): Promise<HttpResult> {
  const merchant = opts.merchant ?? ALICE;
  const raw = opts.rawBody ?? canonicalJson(body);
  // The service checks timestamps against its own clock (not a person's jump of simulated time).
  const ts = opts.timestamp ?? String(Math.floor(sandbox.clock.wire() / 1000));
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Merchant: merchant.id };
  if (opts.mode === 'legacy') {
    headers.Sign = opts.sign ?? signLegacy(raw, merchant.apiKey);
  } else {
    headers[opts.timestampHeader ?? 'Timestamp'] = ts;
    headers.Sign = opts.sign ?? signTimestamped(raw, ts, merchant.apiKey);
  }
  for (const [name, value] of Object.entries(opts.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const res = await fetch(sandbox.url + path, { method, headers, body: raw.length > 0 ? raw : undefined });
  return toResult(res);
}

export async function publicRequest(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpResult> {
  const raw = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(sandbox.url + path, {
    method,
    headers: { ...(raw ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: raw,
  });
  return toResult(res);
}

/** The sandbox-only control API over HTTP. */
export async function controlRequest(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpResult> {
  return publicRequest(sandbox, method, `/__sandbox${path}`, body, headers);
}

/** Creates an invoice and returns its code. */
export async function createTestInvoice(
  sandbox: RunningSandbox,
  body: Record<string, unknown>,
  merchant = ALICE,
): Promise<string> {
  const res = await signedRequest(sandbox, 'POST', '/v1/invoices', body, { merchant });
  if (res.status !== 200) throw new Error(`invoice creation failed: ${res.status} ${res.text}`);
  return (res.json as { data: { code: string } }).data.code;
}

/** A syntactically valid TRON address for withdrawals. */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
