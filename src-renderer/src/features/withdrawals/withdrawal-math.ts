import { plainFromScaled, rescale, toScaled, type Scaled } from '@shared/money/digits';
import { parseDecimal } from '@shared/money/display';
import type { WithdrawalFeePayer } from '../../lib/fee-settings';

/**
 * The withdrawal's figures, exact: a decimal is held as an integer count of its smallest unit
 * (bigint), so a fee or a "max" is never rounded through a binary float. Fees follow the service's
 * own rule as the sandbox models it: the service fee is the merchant's percentage of the amount,
 * rounded down to the pair's decimals, plus the pair's network fee; the fee payer decides whether
 * they come on top of the amount or out of it. The service's answer stays the authority.
 */

/** A non-negative decimal as an integer count of 10^-scale; null for anything else. */
function fixed(value: string | null | undefined): Scaled | null {
  const parts = parseDecimal(value);
  return parts && !parts.negative ? toScaled(parts) : null;
}

const at = rescale;
const text = plainFromScaled;

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

const scaleFor = (inputs: FeeInputs, ...values: (Scaled | null)[]) =>
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

export interface MaxInputs extends FeeInputs {
  available: string | null;
  minWithdrawal: string | null;
  maxWithdrawal: string | null;
}

/**
 * The largest amount the available balance allows once fees are counted: with the merchant paying
 * (or the payer unknown, the cautious reading) the fees come on top, so the amount is what is left
 * after them; with the recipient paying it is the whole balance, as long as something arrives. Capped
 * at the pair's maximum; null when even the minimum does not fit.
 */
export function maxAmount(inputs: MaxInputs): string | null {
  const avail = fixed(inputs.available);
  if (!avail) return null;
  const nf = fixed(inputs.networkFee);
  const pct = fixed(inputs.percent) ?? { units: 0n, scale: 0 };
  const d = scaleFor(inputs, avail, nf);
  const unit = 1n;
  const fits = (units: bigint): boolean => {
    if (units <= 0n) return false;
    const q = quoteWithdrawal(text(units, d), inputs);
    if (!q) return false;
    const debit = fixed(q.debit);
    const receive = fixed(q.receive.startsWith('-') ? '0' : q.receive);
    if (!debit || !receive || q.receive.startsWith('-') || receive.units === 0n) return false;
    return (
      at(debit, Math.max(d, avail.scale, debit.scale)) <= at(avail, Math.max(d, avail.scale, debit.scale))
    );
  };
  let candidate: bigint;
  if (inputs.payer === 'recipient') {
    candidate = at(avail, d);
  } else {
    // amount × (1 + p/100) + networkFee ≤ available, solved for the amount, then nudged by one unit
    // either way because the service fee is rounded down.
    const scale = Math.max(d, avail.scale, nf?.scale ?? 0);
    const left = at(avail, scale) - (nf ? at(nf, scale) : 0n);
    if (left <= 0n) return null;
    const hundred = 100n * 10n ** BigInt(pct.scale);
    candidate = (left * hundred * 10n ** BigInt(d)) / ((hundred + pct.units) * 10n ** BigInt(scale));
    if (fits(candidate + unit)) candidate += unit;
  }
  const cap = fixed(inputs.maxWithdrawal);
  if (cap && at(cap, d) < candidate) candidate = at(cap, d);
  // Off by at most a unit of rounding; a figure that still does not fit means no amount does
  // (with the recipient paying, a smaller amount only leaves less after the fees).
  for (let step = 0; step < 3 && candidate > 0n && !fits(candidate); step++) candidate -= unit;
  if (candidate <= 0n || !fits(candidate)) return null;
  const result = text(candidate, d);
  const floor = fixed(inputs.minWithdrawal);
  if (floor && !atLeast(result, floor)) return null;
  return result;
}

function atLeast(value: string, floor: Scaled): boolean {
  const v = fixed(value);
  if (!v) return false;
  const scale = Math.max(v.scale, floor.scale);
  return at(v, scale) >= at(floor, scale);
}

/** Half of a balance, exactly: the line above which the review warns. */
export function isOverHalf(amount: string, available: string | null): boolean {
  const a = fixed(amount);
  const b = fixed(available);
  if (!a || !b) return false;
  const scale = Math.max(a.scale, b.scale);
  return at(a, scale) * 2n > at(b, scale);
}

/** amount × price, exact, for the USD estimate (rounded to the cent where it is shown). */
export function multiply(amount: string, price: string | null): string | null {
  const a = fixed(amount);
  const p = fixed(price);
  if (!a || !p) return null;
  return text(a.units * p.units, a.scale + p.scale);
}
