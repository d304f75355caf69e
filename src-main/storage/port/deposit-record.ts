import { z } from 'zod';
import { isDecimalString } from '@shared/money/exact';
import { RateRecordSchema } from './rate-record';

/** The chain event type a wallet deposit and its valuation are kept under (an event of no entry). */
export const DEPOSIT_EVENT = 'deposit';

const Text = (max: number) => z.string().trim().min(1).max(max);

/**
 * A deposit to one of the merchant's wallets, as the verified webhook reported it, and how it was
 * valued (issue 29). A deposit belongs to no journal entry (the desk asked for nothing), so it is
 * kept as a chain event of its own: the movement and its rate together, once per fact `key`.
 */
export const DepositRecordSchema = z
  .object({
    profileId: Text(200),
    /** The fact's key (reconciliation's factKey: `wallet:<wallet>:<tx hash>`): one record per deposit. */
    key: Text(600),
    walletId: Text(200).nullable(),
    txHash: Text(300).nullable(),
    /** Lowercase, as reconciliation keeps pairs. */
    coin: Text(32),
    network: Text(64),
    /** Unsigned decimal string in units of the coin, as the webhook wrote it. */
    amount: z.string().refine(isDecimalString, 'a decimal string'),
    /** The time the webhook gave the deposit (UTC ISO), else when it arrived. */
    occurredAt: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO time'),
    rate: RateRecordSchema,
  })
  .strict();
export type DepositRecord = z.infer<typeof DepositRecordSchema>;

/** A recorded deposit as the chain holds it: the event's number, time (when recorded) and hash. */
export interface DepositEvent {
  seq: number;
  at: string;
  hash: string;
  deposit: DepositRecord;
}
