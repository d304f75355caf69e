import { memo } from 'react';
import { alignDecimal, formatDecimal, formatUsd } from '@shared/money/display';
import './amount.css';

interface MoneyProps {
  value: string | null;
  /** Digits after the dot every value in this column is padded to, so the dots line up. */
  fractionWidth?: number;
  unit?: string;
}

/**
 * A decimal amount exactly as the service sent it, grouped, with its decimals aligned in a column.
 * For one unit per column (prices in USD); amounts of mixed coins use Amount, which keeps the unit
 * against the number.
 */
export const Money = memo(function Money({ value, fractionWidth = 0, unit }: MoneyProps) {
  if (value === null)
    return (
      <span className="money money--missing" aria-label="not reported">
        —
      </span>
    );
  const aligned = alignDecimal(value, fractionWidth);
  if (!aligned) return <span className="money money--raw">{value}</span>;
  return (
    <span className="money" title={unit ? `${value} ${unit}` : value}>
      {aligned.integer}
      {aligned.fraction}
      {aligned.padding && (
        <span className="money__pad" aria-hidden="true">
          {aligned.padding}
        </span>
      )}
      {unit && <span className="money__unit"> {unit}</span>}
    </span>
  );
});

/**
 * An amount with its unit, always: "25,000.00 USDT", exact as sent (never through a float). The unit
 * sits right after the digits with a no-break space, so it cannot drift away or wrap alone.
 */
export const Amount = memo(function Amount({
  value,
  unit,
  network,
}: {
  value: string | null;
  unit: string;
  /** The network's display name, when the amount must say where it is: "25,000 USDT · TRON (TRC-20)". */
  network?: string;
}) {
  const code = unit.toUpperCase();
  if (value === null)
    return (
      <span className="amount amount--missing" aria-label={`${code}: not reported`}>
        —
      </span>
    );
  return (
    <span className="amount" data-testid="amount" title={`${value} ${code}`}>
      <span className="money">{formatDecimal(value)}</span>
      {'\u00a0'}
      <span className="amount__unit">{code}</span>
      {network && <span className="amount__network"> · {network}</span>}
    </span>
  );
});

/** A USD valuation to the cent; the exact figure is kept in the tooltip. */
export const Usd = memo(function Usd({ value }: { value: string | null }) {
  return (
    <span className="money" title={value ?? undefined}>
      {formatUsd(value)}
    </span>
  );
});

/** A table cell holding one amount with its unit, right-aligned so columns scan by the decimal point. */
export function AmountCell({ value, unit }: { value: string | null; unit: string }) {
  return (
    <td className="num">
      <Amount value={value} unit={unit} />
    </td>
  );
}
