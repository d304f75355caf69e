import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { BookFormat } from '@shared/domain/books';
import type { BookMovement } from './movement-types';
import type { PeriodBooks } from './period';
import { koinlyCsv } from './formats/koinly';
import { noRateCsv } from './formats/no-rate';
import { ofxStatement } from './formats/ofx';
import { quickBooksCsv, quickBooksReferencesCsv } from './formats/quickbooks';
import { xeroCsvFiles } from './formats/xero';

export const FORMAT_NAMES: Record<BookFormat, string> = {
  quickbooks: 'QuickBooks Online bank CSV',
  xero: 'Xero bank statement CSV',
  koinly: 'Koinly universal CSV',
  ofx: 'OFX bank statement',
};

/** One file of an export: its name after the chosen base name ("" for the main file) and its text. */
export interface BookFile {
  suffix: string;
  text: string;
}

/** What stamps the files: the period, the ledger position they come from, and each file's digest. */
export interface BooksStamp {
  format: BookFormat;
  environment: string;
  /** The reconciliation session the period was taken from, when it was. */
  session?: { id: number; closedBy: string | null; closedAt: string | null };
}

const valuedOnly = (ms: readonly BookMovement[]) => ms.filter((m) => m.usdValue !== null);

/** The format's files for the period: its main file(s), and the movements it could not value. */
export function formatFiles(books: PeriodBooks, format: BookFormat): BookFile[] {
  const valued = valuedOnly(books.movements);
  const missing = books.movements.filter((m) => m.usdValue === null);
  const unvalued =
    format !== 'koinly' && missing.length ? [{ suffix: '-no-rate.csv', text: noRateCsv(missing) }] : [];
  switch (format) {
    case 'quickbooks':
      return [
        { suffix: '.csv', text: quickBooksCsv(valued) },
        { suffix: '-references.csv', text: quickBooksReferencesCsv(valued) },
        ...unvalued,
      ];
    case 'xero': {
      const files = xeroCsvFiles(valued);
      const named = files.map((text, i) => ({
        suffix: files.length === 1 ? '.csv' : `-part-${i + 1}.csv`,
        text,
      }));
      return [...named, ...unvalued];
    }
    case 'koinly':
      return [{ suffix: '.csv', text: koinlyCsv(books.movements) }];
    case 'ofx': {
      const { period, position } = books;
      const asOf = position && position.at > period.from ? position.at : period.from;
      const statement = { accountId: period.profileId, from: period.from, to: period.to, asOf };
      return [{ suffix: '.ofx', text: ofxStatement(valued, statement) }, ...unvalued];
    }
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The stamp written beside the files (a line in a bank CSV would break its import): what they hold,
 * the chain position they were read at, and each file's SHA-256, so an auditor can tie each file to
 * the ledger. No clock time: the same period exported twice gives the same stamp.
 */
export function stampText(
  books: PeriodBooks,
  stamp: BooksStamp,
  files: readonly (BookFile & { name: string })[],
): string {
  const { period, position, movements } = books;
  const missing = movements.filter((m) => m.usdValue === null).length;
  const lines = [
    'Merchant Desk books export',
    `format: ${FORMAT_NAMES[stamp.format]}`,
    `profile: ${period.profileId} (${stamp.environment})`,
    ...(stamp.environment === 'sandbox' ? ['SANDBOX — not payable: play money, not books'] : []),
    `period: ${period.from} to ${period.to} (UTC, the end excluded)`,
    ...(stamp.session
      ? [
          `reconciliation session: #${stamp.session.id}, closed ${stamp.session.closedAt ?? 'not yet'} by ${stamp.session.closedBy ?? 'nobody yet'}`,
        ]
      : []),
    `movements: ${movements.length} (${missing} without a USD rate)`,
    position
      ? `chain position: event #${position.seq} of ${position.at}, hash ${position.hash}`
      : 'chain position: no event recorded before the period ends',
    'files (SHA-256):',
    ...files.map((f) => `  ${sha256(f.text)}  ${basename(f.name)}`),
  ];
  return `${lines.join('\n')}\n`;
}
