import type { BookFormat } from '@contract';

/** Every text of the books export in one place, so a translation can follow later. */
export const BOOKS_WORDS = {
  open: 'Export for the books…',
  intro:
    'A file your accounting tool imports: each movement of the period with its USD value at the rate recorded when it happened. Read from the journal only; nothing is sent.',
  format: 'Format',
  daysNote: 'Days are UTC days; the last day is included.',
  sessionNote: 'The period of this reconciliation session.',
  from: 'From (day)',
  to: 'To (day, included)',
  badRange: 'The last day is before the first.',
  export: 'Export',
  exporting: 'Exporting…',
  cancelled: 'Export cancelled: nothing was saved.',
  failed: 'The books export was not saved.',
  notSent: 'Nothing was sent; a half-written export is removed, never kept.',
  saved: (n: number) => `Saved ${n === 1 ? '1 movement' : `${n} movements`}.`,
  sandbox: 'SANDBOX — not payable: these are play-money movements, not books.',
  noRate: (n: number) =>
    `${n === 1 ? '1 movement has' : `${n} movements have`} no USD rate recorded: listed in the “no-rate” file to value by hand (Koinly: in its own rows, without a value).`,
  files: 'Files',
  stamp: 'Stamp (period, chain position, each file’s SHA-256)',
  position: 'Chain position',
  noPosition: 'no event recorded before the period ends',
  print: 'Print report (PDF)',
  printing: 'Preparing the report…',
  printFailed: 'The report was not printed.',
  printedTo: (path: string) => `Saved the report as PDF: ${path}`,
  printDialog: 'The report is open in the print dialog: choose “Save as PDF” to keep it.',
} as const;

export const FORMAT_LABELS: Record<BookFormat, string> = {
  quickbooks: 'QuickBooks Online (bank CSV)',
  xero: 'Xero (bank statement CSV)',
  koinly: 'Koinly (universal CSV, crypto tax)',
  ofx: 'OFX (bank statement)',
};

/** The formats in the order offered (the contract's list; types only reach the page). */
export const FORMATS = Object.keys(FORMAT_LABELS) as BookFormat[];
