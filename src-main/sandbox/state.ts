import { addressFromBytes } from '@shared/domain/address/encode';
import { addDecimal, compareDecimal, subtractDecimal } from '@shared/money/exact';
import { initialPrices } from './market';
import { CODE, HEX, type Rng } from './rng';
import type { BalanceRecord, MerchantRecord, MerchantSeed, PairKey, SandboxState } from './types';

export function pairKey(coin: string, network: string): PairKey {
  return `${coin}:${network}`;
}

export function merchantFromSeed(seed: MerchantSeed): MerchantRecord {
  const balances: Record<PairKey, BalanceRecord> = {};
  for (const [pair, amount] of Object.entries(seed.balances ?? {}))
    balances[pair] = { balance: amount, frozen: '0' };
  return {
    id: seed.id,
    apiKey: seed.apiKey,
    name: seed.name ?? seed.id,
    callbackUrl: seed.callbackUrl ?? null,
    allowWithdrawals: seed.allowWithdrawals ?? true,
    suspended: seed.suspended ?? false,
    withdrawalFeePayer: seed.withdrawalFeePayer ?? 'merchant',
    balances,
  };
}

export function createInitialState(seeds: MerchantSeed[], seed: number, now: number): SandboxState {
  return {
    version: 1,
    merchants: Object.fromEntries(seeds.map((s) => [s.id, merchantFromSeed(s)])),
    invoices: {},
    withdrawals: {},
    wallets: {},
    cardOrders: {},
    deliveries: [],
    holds: [],
    walletCreations: {},
    prices: initialPrices(),
    lastPriceStepAt: now,
    rngState: seed | 0,
    seq: 0,
    clockNow: now,
    settings: { duplicateWebhooks: false, cardProviderAvailable: true },
  };
}

/** Unique ids: a sequence number keeps them unique, the random tail keeps them unguessable-looking. */
export function newId(state: SandboxState, rng: Rng, prefix: string): string {
  state.seq += 1;
  return `${prefix}_${state.seq.toString(36)}${rng.chars(HEX, 10)}`;
}

export function newInvoiceCode(state: SandboxState, rng: Rng): string {
  state.seq += 1;
  return `${rng.chars(CODE, 8)}${state.seq.toString(36).toUpperCase()}`;
}

/**
 * A valid address for the network family (its checksum passes the same checks a withdrawal gets), from
 * random bytes nobody holds a key for: play money only.
 */
export function newAddress(rng: Rng, network: string): string {
  return addressFromBytes(network, (length) => Uint8Array.from({ length }, () => rng.int(256)));
}

export function newTxHash(rng: Rng, network: string): string {
  return network === 'bitcoin' || network === 'tron' ? rng.chars(HEX, 64) : '0x' + rng.chars(HEX, 64);
}

export function balanceOf(merchant: MerchantRecord, pair: PairKey): BalanceRecord {
  const existing = merchant.balances[pair];
  if (existing) return existing;
  const created = { balance: '0', frozen: '0' };
  merchant.balances[pair] = created;
  return created;
}

export function availableOf(record: BalanceRecord): string {
  const available = subtractDecimal(record.balance, record.frozen);
  return compareDecimal(available, '0') < 0 ? '0' : available;
}

export function credit(merchant: MerchantRecord, pair: PairKey, amount: string): void {
  const record = balanceOf(merchant, pair);
  record.balance = addDecimal(record.balance, amount);
}
