import { KIND_WORDS, type BookMovement } from '../movement-types';
import { csvLine, dayFirstDate, rateWords, signedUsd, textCell } from './cells';

/** Xero reads at most 1 000 lines per statement file: the header and 999 rows. */
export const XERO_MAX_LINES = 1000;

const row = (m: BookMovement) =>
  csvLine([
    dayFirstDate(m.at),
    signedUsd(m)!,
    textCell(m.counterparty ?? (m.orderId ? `Order ${m.orderId}` : null)),
    textCell(`${KIND_WORDS[m.kind]}: ${m.amount} ${rateWords(m)}`),
    textCell(m.reference),
    '',
  ]);

/** Xero bank statement CSV, split into files of at most 1 000 lines each (one file when empty). */
export function xeroCsvFiles(valued: readonly BookMovement[], maxLines = XERO_MAX_LINES): string[] {
  const header = csvLine(['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number']);
  const perFile = maxLines - 1;
  const files: string[] = [];
  for (let i = 0; i < valued.length || files.length === 0; i += perFile)
    files.push(
      header +
        valued
          .slice(i, i + perFile)
          .map(row)
          .join(''),
    );
  return files;
}
