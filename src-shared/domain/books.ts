import { z } from 'zod';
import { Id, Instant } from './wire';

/** The formats the desk exports its books in (issue 29). */
export const BOOK_FORMATS = ['quickbooks', 'xero', 'koinly', 'ofx'] as const;
export const BookFormat = z.enum(BOOK_FORMATS);
export type BookFormat = z.infer<typeof BookFormat>;

/**
 * A books export of the active profile: for a period given by its bounds, or for the period of one
 * of its reconciliation sessions.
 */
export const BooksExportRequest = z.union([
  z
    .object({ format: BookFormat, from: Instant, to: Instant })
    .strict()
    .refine((p) => Date.parse(p.from) < Date.parse(p.to), {
      path: ['to'],
      message: 'must be after the start',
    }),
  z.object({ format: BookFormat, sessionId: Id }).strict(),
]);
export type BooksExportRequest = z.input<typeof BooksExportRequest>;

export const BooksExportResult = z.object({
  /** The files written, the main one first; empty when the save dialog was cancelled. */
  paths: z.array(z.string()),
  /** The stamp beside them: period, chain position and each file's SHA-256. */
  stampPath: z.string().nullable(),
  movements: z.number().int().nonnegative(),
  /** Movements without a USD rate: listed in the "-no-rate" file (Koinly: in its own rows). */
  withoutRate: z.number().int().nonnegative(),
  /** "event #57 <hash>", or null when no event was recorded before the period's end. */
  chainPosition: z.string().nullable(),
});
export type BooksExportResult = z.infer<typeof BooksExportResult>;

/**
 * The printable reconciliation report: saved as PDF by main (the app), or the page itself handed to
 * the window to print with the browser's own dialog (the browser host, where main cannot print).
 */
export const ReconPrintResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pdf'), path: z.string().nullable() }),
  z.object({ kind: z.literal('html'), path: z.null(), html: z.string() }),
]);
export type ReconPrintResult = z.infer<typeof ReconPrintResult>;
