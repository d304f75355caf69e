import { KIND_WORDS, type BookMovement } from '../movement-types';
import { csvLine, rateWords, signedUsd, textCell, usDate } from './cells';

/** Intuit asks for descriptions without numbers: the kind and the asset's letters only. */
const description = (m: BookMovement) =>
  `${KIND_WORDS[m.kind]} ${m.asset.replace(/[0-9]/g, '')}`.replace(/\s+/g, ' ').trim();

/** QuickBooks Online bank CSV, 3 columns: Date,Description,Amount (money out negative). */
export function quickBooksCsv(valued: readonly BookMovement[]): string {
  return (
    csvLine(['Date', 'Description', 'Amount']) +
    valued.map((m) => csvLine([usDate(m.at), textCell(description(m)), signedUsd(m)!])).join('')
  );
}

/**
 * The same rows, line for line, with what QuickBooks's description may not carry: references,
 * asset amounts, the rate and where it came from.
 */
export function quickBooksReferencesCsv(valued: readonly BookMovement[]): string {
  const header = ['Date', 'Description', 'Amount', 'Reference', 'Order ID', 'Asset', 'Asset amount'];
  return (
    csvLine([...header, 'Rate', 'Movement ID', 'TxHash']) +
    valued
      .map((m) =>
        csvLine([
          usDate(m.at),
          textCell(description(m)),
          signedUsd(m)!,
          textCell(m.reference),
          textCell(m.orderId),
          textCell(m.asset),
          m.amount,
          textCell(rateWords(m)),
          m.id,
          textCell(m.txHash),
        ]),
      )
      .join('')
  );
}
