import { parseMaxAge, createTtlCache } from './catalog-cache';
import { canonicalJson, CanonicalJsonError } from '../protocol/canonical';
import { createClockTracker, type ClockSkew } from './clock';
import { decodeJson, decodeLoose, decodePng, type QrImage } from './decode';
import { requestError } from './errors';
import type { InvoiceBody, WalletBody, WithdrawalBody } from '@shared/domain/operations';
import {
  createExecutor,
  type Endpoint,
  type PreparedWrite,
  type ReadOptions,
  type SendOptions,
  type WriteOutcome,
} from './executor';
import { readInvoiceLookup, type InvoiceLookup } from './invoice-lookup';
import type { ApiKeySource, SigningMode } from './request-auth';
import {
  catalogSchema,
  createdInvoiceSchema,
  envelope,
  ratesSchema,
  walletSchema,
  withdrawalSchema,
  type CoinCatalog,
  type CoinRates,
  type CreatedInvoice,
  type WalletCreated,
  type WithdrawalAccepted,
} from './schemas';
import { readAnswer, readLooseAnswer, type AnswerReader } from './tolerant';

export type { SigningMode } from './request-auth';
export type { ClockSkew } from './clock';
export type { PreparedWrite, ReadOptions, SendOptions, WriteOutcome } from './executor';
export type { QrImage } from './decode';
export type { InvoiceLookup } from './invoice-lookup';

export interface ApiClientOptions {
  /** e.g. http://127.0.0.1:4010; operation paths start with /v1. */
  baseUrl: string;
  merchantId: string;
  /** The function form is called once per operation, so the key is read from the keychain when needed. */
  apiKey: ApiKeySource;
  /** Default 'timestamped'; withdrawals are always timestamped. */
  signing?: SigningMode;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** Per attempt, default 15000. */
  timeoutMs?: number;
  /** Reads only. attempts counts the first try; default 3. */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  sleep?: (ms: number) => Promise<void>;
  correctClock?: boolean;
  onClockSkew?: (skew: ClockSkew) => void;
}

export interface CatalogOptions extends ReadOptions {
  /** Bypass the Cache-Control lifetime (a "refresh" button). */
  force?: boolean;
}

/**
 * The money-moving requests, already checked at the IPC boundary (their types are the parsed
 * contract's): the client encodes and signs them, it does not check them again.
 */
export type WriteRequest =
  | { operation: 'createInvoice'; body: InvoiceBody }
  | { operation: 'createWithdrawal'; body: WithdrawalBody }
  | { operation: 'createWalletAddress'; body: WalletBody }
  | { operation: 'createProviderCardOrder'; invoiceCode: string; email?: string | null };

/** What each write's accepted answer reads as. */
export interface WriteAnswers {
  createInvoice: CreatedInvoice;
  createWithdrawal: WithdrawalAccepted;
  createWalletAddress: WalletCreated;
  createProviderCardOrder: unknown;
}

export interface ApiClient {
  /** Encodes the body once and signs it; throws (nothing recorded, nothing sent) if it cannot. */
  prepare<R extends WriteRequest>(request: R): Promise<PreparedWrite<WriteAnswers[R['operation']]>>;
  /** Sends exactly the prepared bytes, once; classifies the answer and never throws. */
  send<T>(prepared: PreparedWrite<T>, options?: SendOptions): Promise<WriteOutcome<T>>;
  getInvoice(invoiceCode: string, options?: ReadOptions): Promise<InvoiceLookup>;
  getMerchantBalances(options?: ReadOptions): Promise<unknown>;
  getMerchantFees(options?: ReadOptions): Promise<unknown>;
  getWalletQrCode(walletId: string, options?: ReadOptions): Promise<QrImage>;
  getCoinRates(options?: ReadOptions): Promise<CoinRates>;
  getCoinCatalog(options?: CatalogOptions): Promise<CoinCatalog>;
  getClockSkew(): ClockSkew | undefined;
}

/** Words for the gaps that change what a person must do next. */
export const NO_WITHDRAWAL_ID =
  'no withdrawal id: match it by its webhook (the desk pairs it with the one withdrawal webhook naming the same coin, network, address and amount; if two open withdrawals look alike, a person must match it)';
const readWithdrawal = readAnswer(withdrawalSchema, { withdrawal_id: NO_WITHDRAWAL_ID });
const readInvoiceCreated = readAnswer(createdInvoiceSchema, {
  code: 'no invoice code: look the invoice up by its order_id to find its checkout code',
});
const readWallet = readAnswer(walletSchema);

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Encodes a request body; an unencodable value is a request error naming its path, and nothing is sent. */
function encode(operation: string, body: unknown): string {
  try {
    return canonicalJson(body);
  } catch (e) {
    if (!(e instanceof CanonicalJsonError)) throw e;
    throw requestError(operation, `Nothing was sent: ${e.message}.`, {
      [e.path.replace(/^\$\.?/, '') || '(body)']: [e.message],
    });
  }
}

/** A path parameter: required, and escaped so a code can never change the path. */
function segment(operation: string, name: string, value: string): string {
  if (value.length === 0) {
    throw requestError(operation, `Nothing was sent: ${name} is required.`, { [name]: ['is required'] });
  }
  return encodeURIComponent(value);
}

interface WriteEndpoint {
  endpoint: Endpoint;
  record: Record<string, unknown>;
  read: AnswerReader<unknown>;
}

/** A POST with its body encoded once; no value means no body (signed as the empty string). */
function post(
  operation: string,
  path: string,
  value: Record<string, unknown> | undefined,
  read: AnswerReader<unknown>,
): WriteEndpoint {
  const body = value === undefined ? undefined : encode(operation, value);
  return { endpoint: { operation, method: 'POST', path, auth: 'merchant', body }, record: value ?? {}, read };
}

/** Where each write goes, its body (the bytes signed, journaled and sent) and how its answer is read. */
function writeEndpoint(request: WriteRequest): WriteEndpoint {
  const op = request.operation;
  switch (op) {
    case 'createInvoice':
      return post(op, '/v1/invoices', request.body, readInvoiceCreated);
    case 'createWithdrawal': {
      const { network, coin, amount, to_address } = request.body;
      const write = post(op, '/v1/withdrawals', { network, coin, amount, to_address }, readWithdrawal);
      // The Timestamp header is required for withdrawals whatever the profile says.
      return { ...write, endpoint: { ...write.endpoint, forceTimestamped: true } };
    }
    case 'createWalletAddress':
      // The caller's member order is kept: the bytes are what we sign.
      return post(op, '/v1/wallet-address', request.body, readWallet);
    case 'createProviderCardOrder': {
      // The body is optional: without an e-mail nothing is sent rather than PHP's "[]" for {}.
      const value = request.email === undefined ? undefined : { email: request.email };
      const path = `/v1/invoices/${segment(op, 'invoiceCode', request.invoiceCode)}/provider-card-orders`;
      const write = post(op, path, value, readLooseAnswer);
      return { ...write, endpoint: { ...write.endpoint, auth: 'public' } };
    }
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  if (!/^https?:\/\/[^\s]+$/i.test(options.baseUrl) || !URL.canParse(options.baseUrl)) {
    throw requestError(
      'createApiClient',
      `The service address "${options.baseUrl}" is not an http(s) URL. Fix it in the profile settings.`,
    );
  }
  const now = options.now ?? Date.now;
  const clock = createClockTracker(options.onClockSkew);
  const exec = createExecutor({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    merchantId: options.merchantId,
    apiKey: options.apiKey,
    signing: options.signing ?? 'timestamped',
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    now,
    timeoutMs: options.timeoutMs ?? 15_000,
    attempts: Math.max(1, options.retry?.attempts ?? 3),
    baseDelayMs: options.retry?.baseDelayMs ?? 500,
    maxDelayMs: options.retry?.maxDelayMs ?? 10_000,
    sleep: options.sleep ?? defaultSleep,
    correctClock: options.correctClock ?? false,
    clock,
  });
  const catalogCache = createTtlCache<CoinCatalog>(now);

  const get = (operation: string, path: string, auth: Endpoint['auth'], accept?: string): Endpoint => ({
    operation,
    method: 'GET',
    path,
    auth,
    accept,
  });

  return {
    prepare: <R extends WriteRequest>(request: R) => {
      const { endpoint, record, read } = writeEndpoint(request);
      return exec.prepareWrite(endpoint, record, read as AnswerReader<WriteAnswers[R['operation']]>);
    },
    send: (prepared, opts) => exec.sendWrite(prepared, opts),
    async getInvoice(invoiceCode, opts) {
      const op = 'getInvoice';
      const path = `/v1/invoices/${segment(op, 'invoiceCode', invoiceCode)}`;
      return (await exec.read(get(op, path, 'public'), readInvoiceLookup, opts)).value;
    },
    async getMerchantBalances(opts) {
      return (
        await exec.read(get('getMerchantBalances', '/v1/merchants/balances', 'merchant'), decodeLoose, opts)
      ).value;
    },
    async getMerchantFees(opts) {
      return (await exec.read(get('getMerchantFees', '/v1/merchants/fees', 'merchant'), decodeLoose, opts))
        .value;
    },
    async getWalletQrCode(walletId, opts) {
      const op = 'getWalletQrCode';
      const path = `/v1/wallet-addresses/${segment(op, 'walletAddress', walletId)}/qr`;
      return (await exec.read(get(op, path, 'public', 'image/png, application/json'), decodePng, opts)).value;
    },
    async getCoinRates(opts) {
      const ep = get('getCoinRates', '/v1/get-coin-rate', 'public');
      return (await exec.read(ep, (o, r) => decodeJson(o, envelope(ratesSchema), r).data, opts)).value;
    },
    async getCoinCatalog(opts = {}) {
      const cached = opts.force ? undefined : catalogCache.get();
      if (cached !== undefined) return cached;
      const ep = get('getCoinCatalog', '/v1/coins-and-fee', 'public');
      const { value, res } = await exec.read(
        ep,
        (o, r) => decodeJson(o, envelope(catalogSchema), r).data,
        opts,
      );
      catalogCache.set(value, parseMaxAge(res.headers.get('cache-control')));
      return value;
    },
    getClockSkew: () => clock.current(),
  };
}
