import { z } from 'zod';
import { InvoiceCodeValue } from './operations';
import { Code, DecimalString, Id, IsoTime } from './wire';

/**
 * The Sandbox controls: what a person may ask the embedded sandbox to do (rehearse an outcome), and
 * what main answers. Main runs these only while the built-in Sandbox profile is active.
 */

/** The service operations a fault can be put in front of (the sandbox's route names). */
export const FAULT_OPERATIONS = [
  'createInvoice',
  'getInvoice',
  'createWithdrawal',
  'createWalletAddress',
  'getWalletQrCode',
  'getMerchantBalances',
  'getMerchantFees',
  'getCoinRates',
  'getCoinCatalog',
  'createProviderCardOrder',
] as const;
export const FaultOperation = z.enum(FAULT_OPERATIONS, { error: 'choose an operation from the list' });
export type FaultOperation = z.infer<typeof FaultOperation>;

/** How the next request fails; the names are the sandbox's own fault kinds. */
export const FAULT_KINDS = [
  'drop-after',
  'drop-before',
  'error500',
  'throttle',
  'latency',
  'provider-fail',
  'bad-gateway-html',
  'non-json-2xx',
] as const;
export const FaultKind = z.enum(FAULT_KINDS, { error: 'choose a way to fail from the list' });
export type FaultKind = z.infer<typeof FaultKind>;

const PositiveDecimal = DecimalString.refine((v) => /[1-9]/.test(v), 'must be more than zero');
const WithdrawalId = Id.refine((v) => v.trim() === v && v.length > 0, 'must not start or end with spaces');

/** The units the Sandbox clock moves in, and their length. */
export const CLOCK_UNIT_MS = {
  seconds: 1_000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
} as const;
export const ClockUnit = z.enum(['seconds', 'minutes', 'hours', 'days'], { error: 'choose a unit' });
export type ClockUnit = z.infer<typeof ClockUnit>;
const MAX_CLOCK_MOVE_MS = 366 * CLOCK_UNIT_MS.days;

export const SandboxAction = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('pay-invoice'),
    code: InvoiceCodeValue,
    /** In the invoice's coin; left out, the invoice is paid in full (what is still due). */
    amount: PositiveDecimal.optional(),
    /** The pair the payer uses, for an invoice whose payer has not chosen one yet. */
    coin: Code.optional(),
    network: Code.optional(),
  }),
  z.object({ action: z.literal('expire-invoice'), code: InvoiceCodeValue }),
  z.object({ action: z.literal('aml-reject-invoice'), code: InvoiceCodeValue }),
  z.object({ action: z.literal('complete-withdrawal'), withdrawalId: WithdrawalId }),
  z.object({
    action: z.literal('fail-withdrawal'),
    withdrawalId: WithdrawalId,
    reason: z.string().max(200, 'must be at most 200 characters').optional(),
  }),
  z.object({ action: z.literal('add-play-money'), coin: Code, network: Code, amount: PositiveDecimal }),
  /** A payer sends `amount` (in the wallet's coin) to a wallet created from this desk; its webhook follows. */
  z.object({
    action: z.literal('deposit-to-wallet'),
    walletId: Id.refine((v) => v.trim() === v && v.length > 0, 'must not start or end with spaces'),
    amount: PositiveDecimal,
  }),
  z.object({
    action: z.literal('inject-fault'),
    operation: FaultOperation,
    fault: FaultKind,
    /** throttle: the retry_after the 429 carries; left out, the 429 has none. */
    retryAfterSeconds: z.number().int().min(1).max(3600).optional(),
    /** latency: how long the answer is held back. */
    delayMs: z.number().int().min(1).max(120_000).optional(),
    /** How many requests in a row fail this way. */
    count: z.number().int().min(1).max(20).default(1),
  }),
  z.object({ action: z.literal('clear-faults') }),
  z
    .object({
      action: z.literal('advance-clock'),
      amount: z.number().int().min(1, 'must be at least 1').max(100_000, 'is too large'),
      unit: ClockUnit,
      /** 'back' rewinds: never further than the real time (the Sandbox cannot run behind it). */
      direction: z.enum(['ahead', 'back']).default('ahead'),
    })
    .refine((a) => a.amount * CLOCK_UNIT_MS[a.unit] <= MAX_CLOCK_MOVE_MS, {
      message: 'must be at most 366 days',
      path: ['amount'],
    }),
  /** Simulated time back to the real time (a jump undone). */
  z.object({ action: z.literal('clock-to-now') }),
  /** Everything back to the start: the seeded state, no faults, the real time. Asked to confirm first. */
  z.object({ action: z.literal('reset-sandbox'), confirmed: z.literal(true) }),
  z.object({ action: z.literal('send-test-webhook') }),
  z.object({ action: z.literal('duplicate-webhooks'), enabled: z.boolean() }),
]);
export type SandboxAction = z.infer<typeof SandboxAction>;

export const PendingFault = z.object({
  operation: z.string(),
  fault: z.string(),
  retryAfterSeconds: z.number().optional(),
  delayMs: z.number().optional(),
  /** How many more requests it will fail. */
  remaining: z.number().int(),
});
export type PendingFault = z.infer<typeof PendingFault>;

export const SandboxStatus = z.object({
  faults: z.array(PendingFault),
  duplicateWebhooks: z.boolean(),
  /** The Sandbox's simulated time (it can run ahead of this computer's). */
  clock: IsoTime,
  /** How far the Sandbox's time runs ahead of the real time, in ms (0: with the real time). */
  aheadMs: z.number().int().min(0),
});
export type SandboxStatus = z.infer<typeof SandboxStatus>;

export const SandboxActionResult = z.object({
  /** What was done, in plain words: "Invoice ABC123 paid in full: 25.00 USD". */
  message: z.string(),
  status: SandboxStatus,
});
export type SandboxActionResult = z.infer<typeof SandboxActionResult>;
