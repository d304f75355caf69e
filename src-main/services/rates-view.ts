import type { AssetPair, RateRow } from '@shared/domain/market';
import { findRateNetwork, normCode as norm, usdPrice } from '../api/assets';
import type { CoinCatalog, CoinRates } from '../api/schemas';

/**
 * One row per asset: the rates entry (found by symbol) with each of its networks, joined with the
 * public catalog's fees by lowercase coin and network. Catalog pairs that the rates do not list are
 * kept but marked: a catalog entry alone does not mean the pair is available.
 */
export function buildRateRows(
  rates: CoinRates,
  catalog: CoinCatalog | undefined,
  openPrices: Map<string, string>,
): RateRow[] {
  const catalogBySymbol = new Map((catalog?.coins ?? []).map((c) => [norm(c.coin.symbol), c]));
  const rows: RateRow[] = [];
  const seen = new Set<string>();
  for (const entry of rates) {
    const symbol = norm(entry.coin.symbol);
    seen.add(symbol);
    const price = usdPrice(entry) ?? null;
    if (price !== null && !openPrices.has(symbol)) openPrices.set(symbol, price);
    const catalogCoin = catalogBySymbol.get(symbol);
    const pairs: AssetPair[] = entry.networks.map((net) => {
      const fromCatalog = catalogCoin?.networks.find((n) => norm(n.network) === norm(net.network));
      return {
        coin: symbol,
        network: norm(net.network),
        networkName: net.name ?? fromCatalog?.title ?? null,
        depositEnabled: net.deposit_enabled,
        withdrawEnabled: net.withdraw_enabled,
        minDeposit: net.min_deposit ?? null,
        minWithdrawal: net.min_withdrawal ?? fromCatalog?.min_withdrawal ?? null,
        maxWithdrawal: net.max_withdrawal ?? null,
        networkFee: net.network_fee ?? fromCatalog?.network_fee ?? null,
        decimals: net.decimals ?? null,
        serviceFeePercent: fromCatalog?.service_fee ?? null,
        inCatalog: fromCatalog !== undefined,
      };
    });
    for (const net of catalogCoin?.networks ?? []) {
      if (!findRateNetwork(entry, net.network)) pairs.push(catalogOnlyPair(symbol, net));
    }
    rows.push({
      symbol,
      name: entry.coin.name,
      type: entry.coin.type,
      usdPrice: price,
      openPrice: openPrices.get(symbol) ?? null,
      pairs,
    });
  }
  for (const [symbol, coin] of catalogBySymbol) {
    if (seen.has(symbol)) continue;
    rows.push({
      symbol,
      name: coin.coin.label,
      type: 'crypto',
      usdPrice: null,
      openPrice: null,
      pairs: coin.networks.map((net) => catalogOnlyPair(symbol, net)),
    });
  }
  return rows;
}

function catalogOnlyPair(symbol: string, net: CoinCatalog['coins'][number]['networks'][number]): AssetPair {
  return {
    coin: symbol,
    network: norm(net.network),
    networkName: net.title,
    depositEnabled: null,
    withdrawEnabled: null,
    minDeposit: null,
    minWithdrawal: net.min_withdrawal ?? null,
    maxWithdrawal: null,
    networkFee: net.network_fee ?? null,
    decimals: null,
    serviceFeePercent: net.service_fee,
    inCatalog: true,
  };
}

/** Every catalog pair, for the fees screen (the public catalog, not the merchant's own quote). */
export function catalogPairs(rows: RateRow[]): AssetPair[] {
  return rows.flatMap((row) => row.pairs.filter((pair) => pair.inCatalog));
}
