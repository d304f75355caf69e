import { z } from 'zod';
import { DecimalString, Instant } from './wire';

/** What came in: a payment credited for an invoice, or a deposit to one of the merchant's wallets. */
export const MoneyInKind = z.enum(['invoice-payment', 'wallet-deposit']);
export type MoneyInKind = z.infer<typeof MoneyInKind>;

const PairPart = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,40}$/, 'must be a coin or network code such as "usdt" or "tron"');

/** Filters of the money-in ledger; main adds the profile (the active one), never the renderer. */
export const MoneyInQuery = z
  .object({
    kind: MoneyInKind.optional(),
    coin: PairPart.optional(),
    network: PairPart.optional(),
    /** Received after this moment. */
    from: Instant.optional(),
    /** Received up to and including this moment. */
    to: Instant.optional(),
    limit: z.number().int().min(1).max(1000).default(200),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from < q.to, {
    message: 'the start of the range must be before its end',
    path: ['from'],
  });
export type MoneyInQuery = z.input<typeof MoneyInQuery>;

/**
 * One credit a verified webhook reported. The webhook bodies carry no fee for a deposit and the
 * desk keeps only what the movement record holds, so the amount is what was credited.
 */
export const MoneyInItem = z.object({
  /** The fact's stable key (one per payment or deposit, however often it was delivered). */
  key: z.string(),
  kind: MoneyInKind,
  coin: z.string(),
  network: z.string(),
  amount: DecimalString,
  /** When the service says it happened (else when the desk received it), UTC ISO. */
  at: z.string(),
  txHash: z.string().nullable(),
  walletId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  /** The journal entry it belongs to (the invoice or wallet the desk created), if any. */
  entryId: z.string().nullable(),
});
export type MoneyInItem = z.infer<typeof MoneyInItem>;

export const MoneyInList = z.object({
  items: z.array(MoneyInItem),
  /** How many matched the filters; more than `items.length` when the limit cut the list. */
  total: z.number().int().nonnegative(),
});
export type MoneyInList = z.infer<typeof MoneyInList>;
