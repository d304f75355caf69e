import type { Scaled } from '@shared/money/digits';
import { at, fixed, quoteWithdrawal, scaleFor, text, type FeeInputs } from '@shared/money/withdrawal-quote';

/**
 * The form's own figures beside the quote (src-shared/money/withdrawal-quote.ts, which main's
 * confirmation uses too): the largest amount that fits, the "over half" warning, the USD estimate.
 */
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
