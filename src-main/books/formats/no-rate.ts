import { KIND_WORDS, type BookMovement } from '../movement-types';
import { csvLine, textCell, utcDateTime } from './cells';

/**
 * The movements a fiat bank file cannot carry (no USD rate was recorded): listed beside it with their
 * asset amounts and why, so the accountant values them by hand instead of importing a zero.
 */
export function noRateCsv(movements: readonly BookMovement[]): string {
  const header = csvLine(['Date (UTC)', 'Movement', 'Direction', 'Asset', 'Amount', 'Reference', 'Why']);
  return (
    header +
    movements
      .map((m) =>
        csvLine([
          textCell(utcDateTime(m.at)),
          textCell(KIND_WORDS[m.kind]),
          m.direction,
          textCell(m.asset),
          m.amount,
          textCell(m.reference),
          textCell(m.rate?.missing ?? 'no rate recorded for this movement'),
        ]),
      )
      .join('')
  );
}
