import type { RateEntry, RateNetwork } from './schemas';

/**
 * Lookups in the rates response. Entries are always found by code, never by array position: the
 * spec says the order and even the presence of assets change at runtime. The catalog writes codes in
 * uppercase and the rates in lowercase, so codes are compared normalised.
 */
export const normCode = (code: string): string => code.trim().toLowerCase();

export function findRateNetwork(entry: RateEntry | undefined, network: string): RateNetwork | undefined {
  const wanted = normCode(network);
  return entry?.networks.find((n) => normCode(n.network) === wanted);
}

/** The USD quote of an entry, as the service's decimal string. */
export function usdPrice(entry: RateEntry | undefined): string | undefined {
  return entry?.quotes.find((q) => normCode(q.currency_to) === 'usd')?.price;
}
