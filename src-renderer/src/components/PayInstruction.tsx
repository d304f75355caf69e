import { compareDecimal, formatDecimal, isDecimal } from '@shared/money/display';
import './money-surfaces.css';

interface PayInstructionProps {
  /** Coin code as the catalog shows it: "USDT". */
  coin: string;
  /** The network's display name from the catalog: "TRON (TRC-20)". */
  network: string;
  /** The exact amount to send as a decimal string, when known; never a float. */
  amount?: string | null;
}

/**
 * The line under a receiving QR code: which coin, on which network, and the exact amount when there
 * is one. An amount that is not a positive decimal is never quoted as "exactly": it is shown as
 * unreadable instead, so nobody pays a wrong figure.
 */
export function PayInstruction({ coin, network, amount }: PayInstructionProps) {
  const known = amount !== null && amount !== undefined;
  const exact = isDecimal(amount) && compareDecimal(amount, '0') > 0 ? amount : null;
  return (
    <div className="pay-instruction">
      <p className="pay-instruction__line">
        {exact ? (
          <>
            Send exactly{' '}
            <strong className="pay-instruction__amount">
              {formatDecimal(exact)} {coin}
            </strong>{' '}
            on <strong>{network}</strong> to this address.
          </>
        ) : (
          <>
            Send only <strong>{coin}</strong> on <strong>{network}</strong> to this address.
          </>
        )}
      </p>
      <p className="pay-instruction__note">
        {exact
          ? `Only ${coin} on ${network}: other coins or networks sent here may be lost.`
          : 'Other coins or networks sent here may be lost.'}
      </p>
      {known && !exact && (
        <p className="pay-instruction__warning" role="alert">
          The amount to pay could not be read (&ldquo;{amount}&rdquo;); do not quote an amount from this
          screen.
        </p>
      )}
    </div>
  );
}
