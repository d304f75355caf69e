import type { CoinCatalog, CoinRates, RateEntry, RateNetwork } from './schemas';

/**
 * Joins the public catalog (uppercase codes, fees, titles) with the rates (lowercase codes, enabled
 * flags, limits, precision). Entries are always found by code, never by array position: the spec
 * says the order and even the presence of assets change at runtime.
 */

const norm = (code: string): string => code.trim().toLowerCase();

export function findRate(rates: CoinRates, symbol: string): RateEntry | undefined {
  const wanted = norm(symbol);
  return rates.find((entry) => norm(entry.coin.symbol) === wanted);
}

export function findRateNetwork(entry: RateEntry | undefined, network: string): RateNetwork | undefined {
  const wanted = norm(network);
  return entry?.networks.find((n) => norm(n.network) === wanted);
}

/** The USD quote of an entry, as the service's decimal string. */
export function usdPrice(entry: RateEntry | undefined): string | undefined {
  return entry?.quotes.find((q) => norm(q.currency_to) === 'usd')?.price;
}

export interface AssetPair {
  /** Lowercase codes, ready to send. */
  coin: string;
  network: string;
  coinLabel: string;
  title: string;
  serviceFee: string;
  networkFee: string | null;
  minDeposit: string | null;
  minWithdrawal: string | null;
  maxWithdrawal: string | null;
  decimals: number | null;
  /** False when the rates do not list the pair: a catalog entry alone does not prove availability. */
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  usdPrice: string | undefined;
  inRates: boolean;
}

/**
 * One entry per catalog coin/network pair. Limits prefer the rates response (it carries the live
 * flags); the catalog's values fill in when the rates lack the pair or the field.
 */
export function mergeCatalogWithRates(catalog: CoinCatalog, rates: CoinRates): AssetPair[] {
  const pairs: AssetPair[] = [];
  for (const entry of catalog.coins) {
    const rate = findRate(rates, entry.coin.symbol);
    for (const net of entry.networks) {
      const live = findRateNetwork(rate, net.network);
      pairs.push({
        coin: norm(entry.coin.symbol),
        network: norm(net.network),
        coinLabel: entry.coin.label,
        title: net.title,
        serviceFee: net.service_fee,
        networkFee: live?.network_fee ?? net.network_fee,
        minDeposit: live?.min_deposit ?? null,
        minWithdrawal: live?.min_withdrawal ?? net.min_withdrawal,
        maxWithdrawal: live?.max_withdrawal ?? null,
        decimals: live?.decimals ?? null,
        depositEnabled: live?.deposit_enabled ?? false,
        withdrawEnabled: live?.withdraw_enabled ?? false,
        usdPrice: usdPrice(rate),
        inRates: live !== undefined,
      });
    }
  }
  return pairs;
}
