import { z } from 'zod';
import { DecimalString, Id, Instant } from './wire';

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
 * Whether a transaction can be opened in a block explorer. Main decides from its own fixed table of
 * networks: 'link' (main can open it), 'sandbox' (a Sandbox transaction is on no chain),
 * 'unknown-network' (no explorer known: the hash is shown to copy), 'unreadable-hash' (not shaped
 * like a transaction of its network: shown to copy, never put in a link), 'no-hash' (none reported).
 */
export const ExplorerState = z.enum(['link', 'sandbox', 'unknown-network', 'unreadable-hash', 'no-hash']);
export type ExplorerState = z.infer<typeof ExplorerState>;

/**
 * One credit a verified webhook reported. `amount` is what was credited to the balance (the net);
 * `paid` and `fee` are there only where the webhook carries them (an invoice's payed_crypto, its
 * fee_crypto and network_fee_crypto, else paid − credited); a deposit's webhook names no fee.
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
  /** What the payer sent, before fees; null when the webhook does not say. */
  paid: DecimalString.nullable(),
  /** The fees taken from it; null when the webhook does not say. */
  fee: DecimalString.nullable(),
  /** Where the fee was read from, in words ("fee_crypto + network_fee_crypto", "paid − credited"). */
  feeSource: z.string().nullable(),
  /** Every transaction hash the webhook names (an invoice paid in parts has several), first one first. */
  txHashes: z.array(z.string()),
  explorer: ExplorerState,
});
export type MoneyInItem = z.infer<typeof MoneyInItem>;

export const MoneyInList = z.object({
  items: z.array(MoneyInItem),
  /** How many matched the filters; more than `items.length` when the limit cut the list. */
  total: z.number().int().nonnegative(),
});
export type MoneyInList = z.infer<typeof MoneyInList>;

/** Open a transaction in its block explorer: main finds the hash and network from its own records. */
export const ExplorerRequest = z.discriminatedUnion('of', [
  z.object({
    of: z.literal('money-in'),
    key: z.string().min(1).max(300),
    index: z.number().int().min(0).max(99),
  }),
  z.object({ of: z.literal('withdrawal'), entryId: Id }),
]);
export type ExplorerRequest = z.input<typeof ExplorerRequest>;
export const ExplorerResult = z.object({
  opened: z.boolean(),
  /** The explorer's host, to say where it opened; null when nothing was opened. */
  host: z.string().nullable(),
  /** Why nothing was opened, in words; null when it was. */
  reason: z.string().nullable(),
});

/** What a completed (or failed) withdrawal's webhook reported: fees, the total debit, the transaction. */
export const WithdrawalCompletion = z.object({
  entryId: Id,
  event: z.enum(['withdrawal.success', 'withdrawal.failed']),
  at: z.string().nullable(),
  requested: DecimalString.nullable(),
  /** The total taken from the balance (fees included when the merchant pays them). */
  debit: DecimalString.nullable(),
  /** What the recipient gets. */
  receive: DecimalString.nullable(),
  fees: z.object({
    network: DecimalString.nullable(),
    service: DecimalString.nullable(),
    total: DecimalString.nullable(),
    /** Who carries them, as the webhook says ("merchant", "recipient"); null when it does not. */
    payer: z.string().nullable(),
  }),
  txHash: z.string().nullable(),
  failureReason: z.string().nullable(),
  explorer: ExplorerState,
});
export type WithdrawalCompletion = z.infer<typeof WithdrawalCompletion>;
export const CompletionQuery = z.object({ ids: z.array(Id).min(1).max(500) });
export const CompletionList = z.object({ items: z.array(WithdrawalCompletion) });
