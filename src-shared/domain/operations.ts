import { z } from 'zod';
import { isAtLeastDecimal } from '@shared/money/digits';
import { DECIMAL_STRING } from '@shared/money/rules';
import { checkAddress } from './address';
import { Code, DecimalString, Email, HttpsUrl, refuseHiddenCharacters, WithdrawalAddress } from './wire';

/**
 * The money-moving requests as the renderer sends them and as main's API layer signs them: one schema
 * per request, checked once, at the IPC boundary (main's router); the layers inside trust the parsed
 * value and its type. The normalisations here (lowercase codes, an empty allowed_coins list
 * meaning "all coins") are the ones the spec does, so the bytes signed are the bytes the service keeps.
 */

/**
 * The one vocabulary of a write's outcome, from the API client through the journal to the screens:
 * the service did it, did not do it, or may have done it.
 */
export const WriteOutcomeKind = z.enum(['accepted', 'rejected', 'unknown']);
export type WriteOutcomeKind = z.infer<typeof WriteOutcomeKind>;

/** A refusal the desk acts on by name: `duplicate` is an order id the service already accepted. */
export const RefusalReason = z.enum(['duplicate']);
export type RefusalReason = z.infer<typeof RefusalReason>;

const OrderId = z
  .string()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  .superRefine(refuseHiddenCharacters);
export const InvoiceCodeValue = z.string().min(1, 'is required').max(200, 'must be at most 200 characters');

/** The service's invoice minimum (spec, Limits: 3 USD, runtime validation), checked before anything is sent. */
export const INVOICE_MINIMUM_USD = '3';
/** Card checkout is offered only with at least this much due (spec: 15.00 USD of invoice or remaining amount). */
export const CARD_CHECKOUT_MINIMUM_USD = '15.00';
/** Cents are the smallest unit of a USD amount: "25.001" is refused, "25.000" is the same as "25.00". */
const USD_DECIMALS = 2;
const InvoiceAmount = DecimalString.refine(
  (v) => !DECIMAL_STRING.test(v) || isAtLeastDecimal(v, INVOICE_MINIMUM_USD),
  `must be at least ${INVOICE_MINIMUM_USD} USD`,
).refine(
  (v) => !DECIMAL_STRING.test(v) || (v.split('.')[1] ?? '').replace(/0+$/, '').length <= USD_DECIMALS,
  `must have at most ${USD_DECIMALS} decimals (cents), e.g. 25.00`,
);

export const CreateInvoiceInput = z
  .strictObject({
    order_id: OrderId,
    amount: InvoiceAmount,
    is_customer_fee: z.boolean().optional(),
    is_customer_network_fee: z.boolean().optional(),
    allow_card_payments: z.boolean().optional(),
    success_url: HttpsUrl.nullable().optional(),
    cancel_url: HttpsUrl.nullable().optional(),
    allowed_coins: z
      .array(Code.refine((c) => !c.includes(':'), 'holds coin codes only, not coin:network pairs'))
      .max(50)
      .nullable()
      .optional()
      .transform((list) => (list !== undefined && list !== null && list.length === 0 ? null : list)),
    coin: Code.optional(),
    network: Code.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.coin !== undefined && value.network === undefined) {
      ctx.addIssue({ code: 'custom', path: ['network'], message: 'is required when coin is given' });
    }
    if (value.network !== undefined && value.coin === undefined) {
      ctx.addIssue({ code: 'custom', path: ['coin'], message: 'is required when network is given' });
    }
  });
export type CreateInvoiceInput = z.input<typeof CreateInvoiceInput>;
/** An invoice request as parsed (normalised): what the API layer encodes and signs. */
export type InvoiceBody = Omit<z.output<typeof CreateInvoiceInput>, 'allowed_coins'> & {
  allowed_coins?: string[] | null;
};

/** A withdrawal of nothing is refused at the door (the service would refuse it after it was journaled). */
const WithdrawalAmount = DecimalString.refine(
  (v) => !DECIMAL_STRING.test(v) || !isAtLeastDecimal('0', v),
  'must be greater than 0',
);

/** The body of a withdrawal as the service receives it. */
const WithdrawalFields = {
  coin: Code,
  network: Code,
  amount: WithdrawalAmount,
  to_address: WithdrawalAddress,
};

/**
 * The address must be valid for the chosen network (checksums, no test-network or burn address, no
 * hidden characters) before anything is journaled or signed. A network whose format is not known
 * here passes: the form warns about it, and the service stays the final authority.
 */
function checkWithdrawalAddress(w: { network: string; to_address: string }, ctx: z.RefinementCtx): void {
  const check = checkAddress(w.network, w.to_address);
  if (check.status === 'invalid')
    ctx.addIssue({ code: 'custom', path: ['to_address'], message: check.reason });
}

/** Why a withdrawal identical to one still pending or unknown is sent anyway: the IPC input and the journal record. */
export const WithdrawalOverride = z.strictObject({
  reason: z.string().trim().min(3, 'say why this is not a duplicate').max(2000),
});

export const CreateWithdrawalInput = z
  .strictObject({
    ...WithdrawalFields,
    /** Required to send a withdrawal identical to one still pending or unknown. */
    override: WithdrawalOverride.optional(),
  })
  .superRefine(checkWithdrawalAddress);
export type CreateWithdrawalInput = z.input<typeof CreateWithdrawalInput>;
/** A withdrawal's body, as parsed (what the API layer encodes and signs). */
export type WithdrawalBody = Omit<z.output<typeof CreateWithdrawalInput>, 'override'>;

export const CreateWalletInput = z.strictObject({
  coin: Code,
  network: Code,
  webhook_url: HttpsUrl.nullable().optional(),
  label: z.string().trim().max(100).optional(),
});
export type CreateWalletInput = z.input<typeof CreateWalletInput>;
/** A wallet request as the service receives it: the label stays in the desk's own records. */
export type WalletBody = { coin: string; network: string; webhook_url?: string };

export const InvoiceCode = z.object({ code: InvoiceCodeValue });
export const CardOrderInput = z.strictObject({ code: InvoiceCodeValue, email: Email.nullable().optional() });
export type CardOrderInput = z.input<typeof CardOrderInput>;
