import { plainFromScaled, rescale, toScaled, type Scaled } from './digits';
import { parseDecimal } from './display';

/**
 * The withdrawal's figures, exact: a decimal is held as an integer count of its smallest unit
 * (bigint), so a fee or a "max" is never rounded through a binary float. Fees follow the service's
 * own rule as the sandbox models it: the service fee is the merchant's percentage of the amount,
 * rounded down to the pair's decimals, plus the pair's network fee; the fee payer decides whether
 * they come on top of the amount or out of it. The service's answer stays the authority.
 */

/** Who bears a withdrawal's fees: on top of the amount (merchant) or out of it (recipient). */
export type WithdrawalFeePayer = 'merchant' | 'recipient';

/** A non-negative decimal as an integer count of 10^-scale; null for anything else. */
export function fixed(value: string | null | undefined): Scaled | null {
  const parts = parseDecimal(value);
  return parts && !parts.negative ? toScaled(parts) : null;
}

export const at = rescale;
export const text = plainFromScaled;

export interface FeeInputs {
  /** The pair's on-chain precision; null when the service does not say. */
  decimals: number | null;
  /** The pair's network fee in the coin; null when unknown. */
  networkFee: string | null;
  /** The merchant's withdrawal percentage ("0.5"); null when unknown. */
  percent: string | null;
  payer: WithdrawalFeePayer | null;
}

export interface Quote {
  serviceFee: string;
  networkFee: string;
  fees: string;
  /** Taken from the balance. With the payer unknown, the larger of the two possibilities. */
  debit: string;
  /** What arrives at the address. With the payer unknown, the smaller of the two possibilities. */
  receive: string;
  /** Parts that are missing and were counted as zero: the estimate may be low. */
  unknownParts: ('network fee' | 'service fee')[];
}

export const scaleFor = (inputs: FeeInputs, ...values: (Scaled | null)[]) =>
  inputs.decimals ?? Math.max(0, ...values.map((v) => v?.scale ?? 0));

/** The fees and both sides of one withdrawal, or null when the amount is not a decimal. */
export function quoteWithdrawal(amount: string, inputs: FeeInputs): Quote | null {
  const a = fixed(amount);
  if (!a) return null;
  const nf = fixed(inputs.networkFee);
  const pct = fixed(inputs.percent);
  const d = scaleFor(inputs, a, nf);
  const scale = Math.max(d, a.scale, nf?.scale ?? 0);
  const amountUnits = at(a, scale);
  // Service fee: amount × percent ÷ 100, rounded down to the pair's decimals, then carried at `scale`.
  const service = pct
    ? ((amountUnits * pct.units) / (100n * 10n ** BigInt(pct.scale + scale - d))) * 10n ** BigInt(scale - d)
    : 0n;
  const network = nf ? at(nf, scale) : 0n;
  const fees = service + network;
  const onTop = amountUnits + fees;
  const outOf = amountUnits - fees;
  return {
    serviceFee: text(service, scale),
    networkFee: text(network, scale),
    fees: text(fees, scale),
    debit: text(inputs.payer === 'recipient' ? amountUnits : onTop, scale),
    receive: text(inputs.payer === 'merchant' ? amountUnits : outOf, scale),
    unknownParts: [...(nf ? [] : ['network fee' as const]), ...(pct ? [] : ['service fee' as const])],
  };
}
