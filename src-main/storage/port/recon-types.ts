/** One per-asset balance snapshot, as read from getMerchantBalances. Amounts are decimal strings. */
export interface BalanceSnapshot {
  coin: string;
  network: string;
  /** The total the service reported, or available + frozen when it reported no total. */
  total: string;
  available: string | null;
  frozen: string | null;
  /** As a movement's time: UTC with milliseconds. */
  at: string;
}

/**
 * A money movement the desk knows from a verified webhook. `effect` is its signed effect on the
 * pair's total balance; a failed withdrawal's release has effect 0 on the total (the amount was only
 * frozen, never debited) and is listed so a person sees it.
 */
export type MovementKind = 'invoice-credit' | 'wallet-deposit' | 'withdrawal-debit' | 'withdrawal-release';

export interface Movement {
  /** Stable key of the fact behind it (the webhook's dedupe key). */
  key: string;
  kind: MovementKind;
  coin: string;
  network: string;
  /** The amount the webhook carried (unsigned). */
  amount: string;
  /** Signed effect on the total balance. */
  effect: string;
  /** UTC with milliseconds, as toISOString writes it: text order is time order, in SQL and in code. */
  at: string;
  /** The journal entry it belongs to; null when the desk made no such request (outside the desk). */
  entryId: number | null;
  /**
   * A withdrawal or invoice event that matches no request this desk made: activity made outside the
   * desk. It is an open item, and counts in the expected change only once a person acknowledged it.
   */
  outside: boolean;
  /** Where the amount came from in the body, in words (the spec shows no payload fields). */
  source: string;
}

/** A coin on one network: what balances, movements and the journal's pair filter are kept by. */
export interface Pair {
  coin: string;
  network: string;
}

export interface Period {
  from: string;
  to: string;
}

/**
 * What a reconciliation's figures need of a movement already found in its pair and window: its
 * effect, and whether a person must acknowledge it (made outside the desk: then its key says which);
 * the rest only matters where one is shown. `key` may be null for the desk's own movements.
 */
export interface MovementCore {
  effect: string;
  outside: boolean;
  key: string | null;
}
