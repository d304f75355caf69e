import { z } from 'zod';
import { ErrorInfo } from '../errors';
import { IsoTime, Json } from './wire';

/** One coin/network option: the rates entry merged with the public catalog. */
export const AssetPair = z.object({
  coin: z.string(),
  network: z.string(),
  networkName: z.string().nullable(),
  depositEnabled: z.boolean().nullable(),
  withdrawEnabled: z.boolean().nullable(),
  minDeposit: z.string().nullable(),
  minWithdrawal: z.string().nullable(),
  maxWithdrawal: z.string().nullable(),
  networkFee: z.string().nullable(),
  decimals: z.number().int().nullable(),
  serviceFeePercent: z.string().nullable(),
  inCatalog: z.boolean(),
});
export type AssetPair = z.infer<typeof AssetPair>;

export const RateRow = z.object({
  symbol: z.string(),
  name: z.string(),
  type: z.string(),
  usdPrice: z.string().nullable(),
  /** Price when the app first saw this symbol this session: "change since the app opened". */
  openPrice: z.string().nullable(),
  pairs: z.array(AssetPair),
});
export type RateRow = z.infer<typeof RateRow>;

export const RatesSnapshot = z.object({
  /** The profile whose service these prices and pairs came from: a store never shows them under another. */
  profileId: z.string(),
  rows: z.array(RateRow),
  /** Recent USD prices per symbol, oldest first, bounded: for sparklines. */
  history: z.record(z.string(), z.array(z.string())),
  lastTickAt: IsoTime.nullable(),
  stale: z.boolean(),
  paused: z.boolean(),
  error: ErrorInfo.nullable(),
});
export type RatesSnapshot = z.infer<typeof RatesSnapshot>;

/**
 * What each poll pushes to the window: the snapshot without its history. A tick whose lastTickAt is
 * new adds each row's price to that row's sparkline on the renderer's side; sending every symbol's
 * whole history each second cost main ~60x the points it adds (121 ms a tick at 2 000 assets).
 */
export const RatesTick = RatesSnapshot.omit({ history: true });
export type RatesTick = z.infer<typeof RatesTick>;

export const BalanceRow = z.object({
  coin: z.string(),
  network: z.string(),
  balance: z.string().nullable(),
  frozen: z.string().nullable(),
  available: z.string().nullable(),
  usd: z.string().nullable(),
  /** Every field of the record as the service sent it, for fields whose names the spec does not show. */
  raw: z.record(z.string(), Json),
});
export type BalanceRow = z.infer<typeof BalanceRow>;

export const BalancesView = z.object({
  rows: z.array(BalanceRow),
  totalUsd: z.string(),
  fetchedAt: IsoTime,
  raw: Json,
});
export type BalancesView = z.infer<typeof BalancesView>;

const BalanceSnapshot = z.object({ at: IsoTime, totalUsd: z.string() });
export const BalanceHistory = z.object({ points: z.array(BalanceSnapshot) });
export type BalanceHistory = z.infer<typeof BalanceHistory>;

export const FeesView = z.object({ fees: Json, fetchedAt: IsoTime, catalog: z.array(AssetPair) });
export type FeesView = z.infer<typeof FeesView>;

export const ClockSkewView = z.object({
  offsetMs: z.number(),
  measuredAt: z.number(),
  warn: z.boolean(),
  breaksWindow: z.boolean(),
});
export type ClockSkewView = z.infer<typeof ClockSkewView>;

export const ConnectionStatus = z.object({
  state: z.enum(['connecting', 'online', 'degraded', 'offline']),
  /** The failure behind degraded or offline, with its kind, so the shell words it like every screen. */
  error: ErrorInfo.nullable(),
  lastSuccessAt: IsoTime.nullable(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;
