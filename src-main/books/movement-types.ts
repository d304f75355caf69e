import type { RateRecord } from '../storage/port/rate-record';

/** What a row of the books is: the transfer itself, its fee, or either given back. */
export type MovementKind =
  | 'withdrawal'
  | 'withdrawal-fee'
  | 'withdrawal-returned'
  | 'withdrawal-fee-returned'
  | 'invoice-payment'
  | 'invoice-fee'
  | 'wallet-deposit';

/**
 * One money movement of the books, read from the journal's chain: the balance of `asset` went up
 * (`in`) or down (`out`) by `amount` at `at`. Fees are movements of their own.
 */
export interface BookMovement {
  /**
   * Stable for ever: the entry, the chain event that recorded the movement and the part of it. The
   * chain is append-only, so the same movement has the same id in every export (OFX FITID).
   */
  id: string;
  /** The journal entry; null for a wallet deposit, which belongs to none (a chain event of its own). */
  entryId: number | null;
  /** The chain event that recorded it. */
  seq: number;
  /** ISO time in UTC of that event. */
  at: string;
  kind: MovementKind;
  direction: 'in' | 'out';
  /** Uppercase symbol ("USDT"). */
  asset: string;
  network: string | null;
  /** Unsigned decimal string in units of the asset, as the service wrote it. */
  amount: string;
  /** How the movement was valued, as recorded then; null when no record was made (older entries). */
  rate: RateRecord | null;
  /** USD value to the cent (amount × rate, half away from zero); null without a rate. */
  usdValue: string | null;
  /** The service's id of the operation (withdrawal id, invoice id), else the order id. */
  reference: string;
  /** The order id the merchant gave, when there is one. */
  orderId: string | null;
  /** Where a withdrawal went. */
  counterparty: string | null;
  txHash: string | null;
}

/** Words for a kind, without numbers (QuickBooks asks for none in a description). */
export const KIND_WORDS: Record<MovementKind, string> = {
  withdrawal: 'Crypto withdrawal sent',
  'withdrawal-fee': 'Withdrawal fee',
  'withdrawal-returned': 'Failed withdrawal returned',
  'withdrawal-fee-returned': 'Failed withdrawal fee returned',
  'invoice-payment': 'Invoice payment received',
  'invoice-fee': 'Invoice processing fee',
  'wallet-deposit': 'Wallet deposit received',
};
