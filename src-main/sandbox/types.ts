/** Serialisable sandbox state: everything here survives a restart when a data file is configured. */

export type PairKey = string; // "coin:network", lowercase

export interface BalanceRecord {
  balance: string;
  frozen: string;
}

export interface MerchantRecord {
  id: string;
  apiKey: string;
  name: string;
  callbackUrl: string | null;
  allowWithdrawals: boolean;
  suspended: boolean;
  /** Who carries withdrawal fees: the merchant (debited on top) or the recipient (receives less). */
  withdrawalFeePayer: 'merchant' | 'recipient';
  balances: Record<PairKey, BalanceRecord>;
}

export type InvoiceStatus = 'new' | 'waiting' | 'partial' | 'paid' | 'expired' | 'aml_rejected';

export interface InvoiceRecord {
  id: string;
  code: string;
  merchantId: string;
  orderId: string;
  amountUsd: string;
  isCustomerFee: boolean;
  isCustomerNetworkFee: boolean;
  allowCardPayments: boolean;
  successUrl: string | null;
  cancelUrl: string | null;
  allowedCoins: string[] | null;
  coin: string | null;
  network: string | null;
  /** USD price of the coin frozen when the payer chose it. */
  rate: string | null;
  walletId: string | null;
  walletAddress: string | null;
  status: InvoiceStatus;
  payedCrypto: string;
  transactions: string[];
  createdAt: number;
  expiredAt: number;
  finishedAt: number | null;
  credited: string | null;
}

export type WithdrawalStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface WithdrawalRecord {
  id: string;
  merchantId: string;
  coin: string;
  network: string;
  amount: string;
  toAddress: string;
  networkFee: string;
  serviceFee: string;
  serviceFeePercent: string;
  feePayer: 'merchant' | 'recipient';
  debit: string;
  receive: string;
  status: WithdrawalStatus;
  createdAt: number;
  updatedAt: number;
  /** Clock time of the next automatic transition; null once final. */
  nextAt: number | null;
  txHash: string | null;
  failureReason: string | null;
}

export type WalletType = 'static' | 'merchant' | 'invoice';

export interface WalletRecord {
  id: string;
  merchantId: string;
  coin: string;
  network: string;
  address: string;
  type: WalletType;
  label: string | null;
  webhookUrl: string | null;
  status: 'creating' | 'active';
  readyAt: number;
  createdAt: number;
}

export interface HoldRecord {
  merchantId: string;
  pair: PairKey;
  amount: string;
  releaseAt: number;
}

export interface CardOrderRecord {
  id: string;
  invoiceCode: string;
  provider: string;
  localStatus: string;
  email: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface DeliveryAttempt {
  at: number;
  status: number | null;
  error: string | null;
}

export interface DeliveryRecord {
  id: string;
  merchantId: string;
  event: string;
  url: string | null;
  body: string;
  idempotencyKey: string | null;
  state: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | null;
  /** A deliberate second copy sent when duplicate delivery is switched on. */
  duplicateOf: string | null;
}

export interface SandboxSettings {
  duplicateWebhooks: boolean;
  cardProviderAvailable: boolean;
}

export interface SandboxState {
  version: 1;
  merchants: Record<string, MerchantRecord>;
  invoices: Record<string, InvoiceRecord>;
  withdrawals: Record<string, WithdrawalRecord>;
  wallets: Record<string, WalletRecord>;
  cardOrders: Record<string, CardOrderRecord>;
  deliveries: DeliveryRecord[];
  holds: HoldRecord[];
  /** Clock times of successful wallet creations, per merchant (the 60 s window). */
  walletCreations: Record<string, number[]>;
  prices: Record<string, string>;
  lastPriceStepAt: number;
  rngState: number;
  seq: number;
  clockNow: number;
  /** How far simulated time ran ahead of the service's own clock (clock.ts); absent in older files. */
  clockJumpedMs?: number;
  settings: SandboxSettings;
}

export interface MerchantSeed {
  id: string;
  apiKey: string;
  name?: string;
  callbackUrl?: string | null;
  allowWithdrawals?: boolean;
  suspended?: boolean;
  withdrawalFeePayer?: 'merchant' | 'recipient';
  balances?: Record<PairKey, string>;
}
