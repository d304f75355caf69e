import type { AssetPair } from '@contract';
import type { RateView } from './rate-view';

export interface DepositPair {
  /** "usdt:tron": the option value. */
  key: string;
  coin: string;
  network: string;
  /** "USDT · TRON (TRC-20)": the coin and the network's display name. */
  label: string;
}

const networkLabel = (pair: AssetPair) => pair.networkName ?? pair.network.toUpperCase();

/**
 * The pairs a wallet can be created for: deposits enabled in the live rates (the catalog alone does
 * not say), sorted by coin then network name. A pair whose flag is unknown (null) is left out: the
 * service would refuse it with a 422.
 */
export function depositPairs(rows: readonly RateView[]): DepositPair[] {
  return rows
    .flatMap((row) => row.pairs.filter((pair) => pair.depositEnabled === true))
    .map((pair) => ({
      key: `${pair.coin}:${pair.network}`,
      coin: pair.coin,
      network: pair.network,
      label: `${pair.coin.toUpperCase()} · ${networkLabel(pair)}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
