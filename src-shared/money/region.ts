/**
 * The person's Region (issue 29): how numbers look on screen, separate from the language. Only the
 * symbols come from Intl; the digits are always the decimal string's own, so an amount is never
 * rounded through a float on its way to the screen. Stored values, exports and API bodies never pass
 * through here: they stay locale-neutral ("1234.50").
 */
export interface NumberSymbols {
  group: string;
  decimal: string;
  minus: string;
  /** Digits in the group nearest the decimal point, and in the groups before it (Indian: 3 then 2). */
  primary: number;
  secondary: number;
  /** How a USD figure is written around its number: "$" before, or " $" after. */
  usdBefore: string;
  usdAfter: string;
}

/** No Region chosen: the desk's neutral form, "1,234.50" and "$1,234.50". */
export const NEUTRAL_SYMBOLS: NumberSymbols = {
  group: ',',
  decimal: '.',
  minus: '-',
  primary: 3,
  secondary: 3,
  usdBefore: '$',
  usdAfter: '',
};

/** Whether Intl knows the region tag ("de-DE", "ja-JP"); a tag it cannot read is refused, not guessed. */
export function isKnownRegion(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

/** The symbols of a region, read once from Intl with Latin digits (the digits are the string's). */
export function symbolsFor(region: string): NumberSymbols {
  const options = { numberingSystem: 'latn', useGrouping: true } as const;
  const parts = new Intl.NumberFormat(region, options).formatToParts(-1234567.5);
  const of = (type: string) => parts.find((p) => p.type === type)?.value;
  const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value.length);
  const usd = new Intl.NumberFormat(region, { ...options, style: 'currency', currency: 'USD' }).formatToParts(
    1,
  );
  const at = (type: string) => usd.findIndex((p) => p.type === type);
  const numberStart = at('integer');
  const numberEnd = at('fraction') >= 0 ? at('fraction') : numberStart;
  const text = (from: number, to: number) =>
    usd
      .slice(from, to)
      .filter((p) => p.type === 'currency' || p.type === 'literal')
      .map((p) => p.value)
      .join('');
  return {
    group: of('group') ?? '',
    decimal: of('decimal') ?? '.',
    minus: of('minusSign') ?? '-',
    primary: integers.at(-1) ?? 3,
    secondary: integers.length > 2 ? integers.at(-2)! : (integers.at(-1) ?? 3),
    usdBefore: text(0, numberStart),
    usdAfter: text(numberEnd + 1, usd.length),
  };
}

let current: NumberSymbols = NEUTRAL_SYMBOLS;
let currentTag: string | null = null;

/** Sets the Region the screen formats numbers and dates in (null: the neutral form). The renderer's alone. */
export function setDisplayRegion(region: string | null): void {
  currentTag = region && isKnownRegion(region) ? region : null;
  current = currentTag ? symbolsFor(currentTag) : NEUTRAL_SYMBOLS;
}

/** The Region dates on screen are formatted in (renderer/lib/zoned-time), or null for the neutral form. */
export const displayRegion = (): string | null => currentTag;

/** The symbols numbers are shown with now. */
export const displaySymbols = (): NumberSymbols => current;

/** Integer digits in groups: "1234567" → "1,234,567" (en-US), "1.234.567" (de-DE), "12,34,567" (en-IN). */
export function groupWith(integer: string, s: NumberSymbols): string {
  if (integer.length <= s.primary || !s.group) return integer;
  // Linear, from the right: a pasted 100 000-digit "amount" must not freeze the page (issue 25).
  const groups = [integer.slice(-s.primary)];
  let end = integer.length - s.primary;
  while (end > 0) {
    groups.unshift(integer.slice(Math.max(0, end - s.secondary), end));
    end -= s.secondary;
  }
  return groups.join(s.group);
}
