import { memo } from 'react';
import { alignDecimal, formatUsd } from '../lib/decimal';

interface MoneyProps {
  value: string | null;
  /** Digits after the dot every value in this column is padded to, so the dots line up. */
  fractionWidth?: number;
  unit?: string;
}

/** A decimal amount exactly as the service sent it, grouped, with its decimals aligned in a column. */
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

/** A USD valuation to the cent; the exact figure is kept in the tooltip. */
export const Usd = memo(function Usd({ value }: { value: string | null }) {
  return (
    <span className="money" title={value ?? undefined}>
      {formatUsd(value)}
    </span>
  );
});
