import type { BookMovement, MovementKind } from '../movement-types';
import { KIND_WORDS } from '../movement-types';
import { csvLine, rateWords, textCell, utcDateTime } from './cells';

/**
 * Koinly's labels: a fee is a cost, a paid invoice income; transfers and returns carry none, and so
 * does a wallet deposit, which may be a customer's payment or the merchant's own transfer.
 */
const LABEL: Record<MovementKind, string> = {
  withdrawal: '',
  'withdrawal-fee': 'cost',
  'withdrawal-returned': '',
  'withdrawal-fee-returned': '',
  'invoice-payment': 'income',
  'invoice-fee': 'cost',
  'wallet-deposit': '',
};

/**
 * Koinly universal CSV, dates in UTC. Every movement is a row, valued or not: without a rate the net
 * worth is left empty (Koinly prices it itself) and the description says why.
 */
export function koinlyCsv(movements: readonly BookMovement[]): string {
  const header = ['Date', 'Sent Amount', 'Sent Currency', 'Received Amount', 'Received Currency'];
  const rest = ['Fee Amount', 'Fee Currency', 'Net Worth Amount', 'Net Worth Currency', 'Label'];
  return (
    csvLine([...header, ...rest, 'Description', 'TxHash']) +
    movements
      .map((m) => {
        const out = m.direction === 'out';
        return csvLine([
          utcDateTime(m.at),
          out ? m.amount : '',
          out ? textCell(m.asset) : '',
          out ? '' : m.amount,
          out ? '' : textCell(m.asset),
          '',
          '',
          m.usdValue ?? '',
          m.usdValue === null ? '' : 'USD',
          LABEL[m.kind],
          textCell(`${KIND_WORDS[m.kind]} ${m.reference}; ${rateWords(m)}`),
          textCell(m.txHash),
        ]);
      })
      .join('')
  );
}
