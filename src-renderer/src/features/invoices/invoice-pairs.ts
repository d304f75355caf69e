import type { RateView } from '../../stores/rate-view';

export interface PayPair {
  /** "usdt:tron": the option value. */
  key: string;
  coin: string;
  network: string;
  /** "USDT · TRON (TRC-20)". */
  label: string;
}

/**
 * What a customer can pay an invoice with, from the live catalog: pairs open for deposits (an
 * unknown flag is left out: the service would refuse it), and the coin codes among them.
 */
export function payOptions(rows: readonly RateView[]): { pairs: PayPair[]; coins: string[] } {
  const pairs = rows
    .flatMap((row) => row.pairs.filter((pair) => pair.depositEnabled === true))
    .map((pair) => ({
      key: `${pair.coin}:${pair.network}`,
      coin: pair.coin,
      network: pair.network,
      label: `${pair.coin.toUpperCase()} · ${pair.networkName ?? pair.network.toUpperCase()}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const coins = [...new Set(pairs.map((p) => p.coin))].sort();
  return { pairs, coins };
}
