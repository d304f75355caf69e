import { csvCell } from '../../storage/port/csv-cell';
import type { BookMovement } from '../movement-types';

/**
 * A text cell of a books CSV: on one line (bank importers read a line as a row), quoted when needed,
 * and, like the journal's CSV, never a formula. Amounts are not text: they go in as they are.
 */
export const textCell = (value: string | null): string =>
  csvCell(value === null ? null : value.replace(/[\r\n\t]+/g, ' ').trim());

/** One CSV line, CRLF-terminated. */
export const csvLine = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (iso: string) => {
  const d = new Date(iso);
  return {
    y: String(d.getUTCFullYear()),
    m: pad(d.getUTCMonth() + 1),
    d: pad(d.getUTCDate()),
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  };
};

// Every date below is the movement's date in UTC, whatever the screen's region or the machine's zone:
// the same period exports the same bytes everywhere.
/** MM/DD/YYYY: QuickBooks Online's bank CSV (US). */
export const usDate = (iso: string) => {
  const p = parts(iso);
  return `${p.m}/${p.d}/${p.y}`;
};
/** DD/MM/YYYY: Xero's bank statement CSV template. */
export const dayFirstDate = (iso: string) => {
  const p = parts(iso);
  return `${p.d}/${p.m}/${p.y}`;
};
/** YYYY-MM-DD HH:mm:ss UTC: Koinly's universal format. */
export const utcDateTime = (iso: string) => {
  const p = parts(iso);
  return `${p.y}-${p.m}-${p.d} ${p.time} UTC`;
};
/** YYYYMMDDHHMMSS.XXX[0:GMT]: OFX. */
export const ofxDate = (iso: string) => {
  const p = parts(iso);
  const ms = String(new Date(iso).getUTCMilliseconds()).padStart(3, '0');
  return `${p.y}${p.m}${p.d}${p.time.replace(/:/g, '')}.${ms}[0:GMT]`;
};

/** The movement's USD value with its sign: money out is negative. Null without a rate. */
export const signedUsd = (m: BookMovement): string | null =>
  m.usdValue === null ? null : m.direction === 'out' && m.usdValue !== '0.00' ? `-${m.usdValue}` : m.usdValue;

/** The rate in words for a description or memo: "USDT at 0.99987 USD (getCoinRates 2030-01-01T00:00:00.000Z)". */
export const rateWords = (m: BookMovement): string =>
  m.rate?.rate
    ? `${m.asset} at ${m.rate.rate} USD (${m.rate.source} ${m.rate.ratesAt}${m.rate.stale ? ', stale' : ''})`
    : `no USD rate: ${m.rate?.missing ?? 'none recorded for this movement'}`;
