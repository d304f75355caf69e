import { parseMaxAge, createTtlCache } from './catalog-cache';
import { canonicalJson, CanonicalJsonError } from './canonical';
import { createClockTracker, type ClockSkew } from './clock';
import { decodeJson, decodeLoose, decodePng, type QrImage } from './decode';
import { requestError } from './errors';
import {
  createExecutor,
  type Endpoint,
  type ReadOptions,
  type WriteOptions,
  type WriteOutcome,
} from './executor';
import {
  createInvoiceInput,
  createWalletAddressInput,
  createWithdrawalInput,
  parseInput,
  pathParam,
  providerCardOrderInput,
  type CreateInvoiceInput,
  type CreateWalletAddressInput,
  type CreateWithdrawalInput,
  type ProviderCardOrderInput,
} from './inputs';
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
import { readAnswer, readLooseAnswer } from './tolerant';

export type { SigningMode } from './request-auth';
export type { ClockSkew } from './clock';
export type { ReadOptions, WriteOptions, WriteOutcome } from './executor';
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

export interface ApiClient {
  createInvoice(input: CreateInvoiceInput, options?: WriteOptions): Promise<WriteOutcome<CreatedInvoice>>;
  getInvoice(invoiceCode: string, options?: ReadOptions): Promise<InvoiceLookup>;
  createProviderCardOrder(
    input: ProviderCardOrderInput,
    options?: WriteOptions,
  ): Promise<WriteOutcome<unknown>>;
  createWithdrawal(
    input: CreateWithdrawalInput,
    options?: WriteOptions,
  ): Promise<WriteOutcome<WithdrawalAccepted>>;
  getMerchantBalances(options?: ReadOptions): Promise<unknown>;
  getMerchantFees(options?: ReadOptions): Promise<unknown>;
  createWalletAddress(
    input: CreateWalletAddressInput,
    options?: WriteOptions,
  ): Promise<WriteOutcome<WalletCreated>>;
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
  if (!pathParam.safeParse(value).success) {
    throw requestError(operation, `Nothing was sent: ${name} is required.`, { [name]: ['is required'] });
  }
  return encodeURIComponent(value);
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
    async createInvoice(input, opts) {
      const op = 'createInvoice';
      const body = encode(op, parseInput(op, createInvoiceInput, input));
      return exec.write(
        { operation: op, method: 'POST', path: '/v1/invoices', auth: 'merchant', body },
        readInvoiceCreated,
        opts,
      );
    },
    async getInvoice(invoiceCode, opts) {
      const op = 'getInvoice';
      const path = `/v1/invoices/${segment(op, 'invoiceCode', invoiceCode)}`;
      return (await exec.read(get(op, path, 'public'), readInvoiceLookup, opts)).value;
    },
    async createProviderCardOrder(input, opts) {
      const op = 'createProviderCardOrder';
      const { invoiceCode, email } = parseInput(op, providerCardOrderInput, input);
      // The body is optional: without an e-mail nothing is sent rather than PHP's "[]" for {}.
      const body = email === undefined ? undefined : encode(op, { email });
      const path = `/v1/invoices/${encodeURIComponent(invoiceCode)}/provider-card-orders`;
      return exec.write({ operation: op, method: 'POST', path, auth: 'public', body }, readLooseAnswer, opts);
    },
    async createWithdrawal(input, opts) {
      const op = 'createWithdrawal';
      const v = parseInput(op, createWithdrawalInput, input);
      const body = encode(op, {
        network: v.network,
        coin: v.coin,
        amount: v.amount,
        to_address: v.to_address,
      });
      return exec.write(
        {
          operation: op,
          method: 'POST',
          path: '/v1/withdrawals',
          auth: 'merchant',
          forceTimestamped: true,
          body,
        },
        readWithdrawal,
        opts,
      );
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
    async createWalletAddress(input, opts) {
      const op = 'createWalletAddress';
      const parsed: Record<string, unknown> = parseInput(op, createWalletAddressInput, input);
      // Keep the caller's member order (zod puts declared keys first); the bytes are what we sign.
      const ordered = Object.fromEntries(Object.keys(input).map((k) => [k, parsed[k]]));
      const body = encode(op, ordered);
      return exec.write(
        { operation: op, method: 'POST', path: '/v1/wallet-address', auth: 'merchant', body },
        readWallet,
        opts,
      );
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
