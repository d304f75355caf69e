import { z } from 'zod';
import { Environment } from './profile';
import { Id, IsoTime, Json } from './wire';

/** The writes the journal records, by the API client's operation name. */
export const Operation = z.enum([
  'createInvoice',
  'createWithdrawal',
  'createWalletAddress',
  'createProviderCardOrder',
]);
export type Operation = z.infer<typeof Operation>;
export const OPERATIONS = Operation.options;

/**
 * sending -> accepted | rejected | unknown          (settle; or unknown at start-up after a crash)
 * unknown -> resolved-performed | resolved-not-performed   (resolve, by a person or by evidence)
 * accepted, rejected and both resolved-* are terminal. A withdrawal's settlement (from webhooks)
 * moves separately, so "accepted" never has to be rewritten when the money actually moves.
 */
export const EntryState = z.enum([
  'sending',
  'accepted',
  'rejected',
  'unknown',
  'resolved-performed',
  'resolved-not-performed',
]);
export type EntryState = z.infer<typeof EntryState>;
export const STATES = EntryState.options;

export const Settlement = z.enum(['pending', 'processing', 'completed', 'failed']);
export type Settlement = z.infer<typeof Settlement>;
export const SETTLEMENTS = Settlement.options;

/** A journal row as the renderer sees it: the request body stays in main (it is in the CSV export). */
export const JournalEntryView = z.object({
  id: Id,
  operation: Operation,
  profileId: z.string(),
  environment: Environment,
  state: EntryState,
  createdAt: IsoTime,
  updatedAt: IsoTime,
  fields: z.record(z.string(), Json),
  externalIds: z.record(z.string(), Json),
  settlement: Settlement.nullable(),
  resolution: Json.nullable(),
  response: Json.nullable(),
  error: Json.nullable(),
  /** Gaps of an accepted answer that was not as documented, in words. */
  warnings: z.array(z.string()).optional(),
});
export type JournalEntryView = z.infer<typeof JournalEntryView>;

export const JournalQuery = z.object({
  operation: Operation.optional(),
  state: EntryState.optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export const JournalList = z.object({ entries: z.array(JournalEntryView) });

/** A person settling an unknown entry: what they found out and how they know. */
export const ResolveRequest = z.object({
  id: Id,
  performed: z.boolean(),
  reason: z.string().trim().min(3, 'say how you know (e.g. "confirmed with the service by phone")').max(1000),
});

/**
 * `head` is the hash of the newest event. Kept outside the app (it is in every export), it makes the
 * deletion of the newest entries detectable, which no check inside the database can.
 */
export const ChainStatus = z.object({
  ok: z.boolean(),
  brokenAt: z.string().nullable(),
  checked: z.number(),
  head: z.string().nullable(),
});
export const ExportResult = z.object({
  path: z.string().nullable(),
  rows: z.number(),
  chainHead: z.string().nullable(),
});
