import { z } from 'zod';
import { Environment, ProfileId } from './profile';
import { Code, Id, Instant, IsoTime, Json } from './wire';

/** The writes the journal records, by the API client's operation name. */
export const Operation = z.enum([
  'createInvoice',
  'createWithdrawal',
  'createWalletAddress',
  'createProviderCardOrder',
]);
export type Operation = z.infer<typeof Operation>;

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

export const Settlement = z.enum(['pending', 'processing', 'completed', 'failed']);
export type Settlement = z.infer<typeof Settlement>;

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
  /** What is wrong with the stored row itself (unreadable JSON, a bad time): listed, flagged, never hidden. */
  damage: z.array(z.string()).optional(),
});
export type JournalEntryView = z.infer<typeof JournalEntryView>;

/** The active profile's entries (main knows which profile is active; the window does not say). */
export const JournalQuery = z.object({
  operation: Operation.optional(),
  state: EntryState.optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export const JournalList = z.object({ entries: z.array(JournalEntryView) });

/** A person's name as recorded beside a decision they made. */
export const PersonName = z
  .string()
  .trim()
  .min(1, 'say who is deciding')
  .max(100, 'must be at most 100 characters')
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');

/** A person settling an unknown entry: what they found out and how they know, and who they are. */
export const ResolveRequest = z.object({
  id: Id,
  performed: z.boolean(),
  reason: z.string().trim().min(3, 'say how you know (e.g. "confirmed with the service by phone")').max(1000),
  /** Recorded in the entry's history as who decided; the Journal screen always asks for it. */
  name: PersonName.optional(),
});

/** At most this many unknown entries are decided at once (the pinned list shows at most 50). */
export const RESOLVE_MANY_MAX = 50;

/**
 * One decision for several unknown entries (after an outage): the same answer, reason and name are
 * applied to each in main, and each is recorded as its own resolution in the journal.
 */
export const ResolveManyRequest = ResolveRequest.omit({ id: true }).extend({
  ids: z
    .array(Id)
    .min(1, 'choose at least one entry')
    .max(RESOLVE_MANY_MAX, `choose at most ${RESOLVE_MANY_MAX} entries`)
    .refine((ids) => new Set(ids).size === ids.length, 'each entry is chosen once'),
});

/** What became of each chosen entry: resolved, or why it was not (the others are not undone). */
export const ResolveManyAnswer = z.object({
  results: z.array(
    z.discriminatedUnion('ok', [
      z.object({ id: Id, ok: z.literal(true), entry: JournalEntryView }),
      z.object({ id: Id, ok: z.literal(false), message: z.string() }),
    ]),
  ),
});

/** One click: a verified webhook kept by the desk shows this unknown withdrawal was performed. */
export const ResolveByEvidenceRequest = z.object({ id: Id, deliveryId: Id });

/**
 * Invoices by what became of them, as the journal last heard it (its own outcome, then the final
 * status a webhook reported: paid, expired, AML-rejected): the invoice list's status filter. `open`
 * is created and not reported closed (awaiting payment, or partly paid: no webhook says which).
 * Main turns each into columns (query.ts).
 */
export const INVOICE_STANDINGS = [
  'open',
  'paid',
  'expired',
  'aml-rejected',
  'unknown',
  'not-created',
] as const;
export const InvoiceStanding = z.enum(INVOICE_STANDINGS);
export type InvoiceStanding = z.infer<typeof InvoiceStanding>;

/**
 * Which journal rows to show or export. Every field narrows; all are parameters of one SQL query in
 * main, and free text is matched as text, never as a pattern or SQL.
 */
export const JournalFilter = z
  .object({
    /** Main answers for the active profile whatever is given here: the window is not trusted with it. */
    profileId: ProfileId.optional(),
    operation: Operation.optional(),
    state: EntryState.optional(),
    /** Created at or after this moment. */
    from: Instant.optional(),
    /** Created before this moment. */
    to: Instant.optional(),
    coin: Code.optional(),
    network: Code.optional(),
    /** Entry number, order id, any external id, address or invoice code (part of it). */
    text: z.string().trim().max(200, 'search for at most 200 characters').optional(),
    /** Invoices only: what became of them. */
    invoice: InvoiceStanding.optional(),
    /**
     * Leaves out a refusal that only says the order already has an invoice listed here (a 409 to a
     * safe check's re-submission, or to a create repeated by hand): it is not an invoice of its own.
     */
    hideOrderRepeats: z.boolean().optional(),
  })
  .refine((f) => !f.from || !f.to || f.from < f.to, {
    path: ['to'],
    message: 'the end of the period must be after its start',
  })
  .refine((f) => !f.network || f.coin, { path: ['coin'], message: 'a network is chosen with its coin' });
export type JournalFilter = z.input<typeof JournalFilter>;

/**
 * A page of the filtered journal, newest first. `anchor` (the newest entry id when paging began)
 * keeps offsets stable while new entries arrive: they are counted in `newer`, not slid in.
 */
export const JournalPageQuery = z.object({
  filter: JournalFilter.default({}),
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(500).default(100),
  anchor: z.number().int().min(0).optional(),
  /**
   * Keyset cursor: the id of the last entry already shown; the page starts below it (offset then
   * counts from there, normally 0). Deep pages are found through the index instead of skipped over.
   */
  before: z.number().int().min(1).optional(),
});
export const JournalPage = z.object({
  entries: z.array(JournalEntryView),
  total: z.number().int(),
  anchor: z.number().int(),
  /** Matching entries newer than the anchor, not yet shown. */
  newer: z.number().int(),
  /** Every coin and network pair in this profile's journal, for the pair filter. */
  pairs: z.array(z.object({ coin: z.string(), network: z.string() })),
  /** The team ledger stops counting some way past the page: there are more than `total` (or `newer`). */
  totalIsCapped: z.boolean().optional(),
  newerIsCapped: z.boolean().optional(),
});
export type JournalPage = z.infer<typeof JournalPage>;

export const JournalEventView = z.object({
  seq: z.number().int(),
  type: z.string(),
  at: IsoTime,
  detail: Json,
  /** The stored event could not be read; the chain check says more. */
  damaged: z.boolean(),
});
export type JournalEventView = z.infer<typeof JournalEventView>;

/** What a check of the hash chain found: whole up to `head`, or not, why, and the entry to open. */
const ChainVerdict = z.object({
  ok: z.boolean(),
  head: z.string().nullable(),
  /** What was found, in words, e.g. that the newest entries were deleted or an older copy put back. */
  reason: z.string().nullable(),
  /** The entry where the chain first breaks. */
  brokenEntry: Id.nullable(),
});

/** The hash chain checked from its first event up to this entry's newest one. */
export const ChainUpTo = ChainVerdict.extend({ events: z.number().int() });

/** A verified webhook the desk kept (it matched no entry on its own) that describes this entry. */
export const WebhookEvidence = z.object({
  deliveryId: Id,
  event: z.string(),
  withdrawalId: z.string(),
  summary: z.string(),
});

export const JournalEntryDetails = z.object({
  entry: JournalEntryView,
  /** The canonical JSON exactly as signed and sent; the journal never holds the key or signature. */
  requestBody: z.string(),
  timeline: z.array(JournalEventView),
  chain: ChainUpTo,
  evidence: z.object({
    webhooks: z.array(WebhookEvidence),
    /** An unknown invoice can be checked by sending its order id again (409 = it exists). */
    invoiceCheck: z.boolean(),
  }),
});
export type JournalEntryDetails = z.infer<typeof JournalEntryDetails>;

/**
 * The whole chain checked (its reason and entry may be left out when it is whole). `head` is the hash
 * of the newest event. Kept outside the app (it is in every export), it makes the deletion of the
 * newest entries detectable, which no check inside the database can.
 */
export const ChainStatus = ChainVerdict.partial({ reason: true, brokenEntry: true }).extend({
  /** Where it breaks, in words: the reason, with the event and entry when there is one to point at. */
  brokenAt: z.string().nullable(),
  /** The events found whole, from the first to the head (0 when it breaks). */
  checked: z.number(),
});
export const ExportResult = z.object({
  path: z.string().nullable(),
  rows: z.number(),
  chainHead: z.string().nullable(),
  /** The file beside the CSV holding the chain head and what the export includes. */
  headPath: z.string().nullable().optional(),
});
/** The active profile's journal (nothing given) or the rows of it a filter selects. */
export const ExportRequest = z.undefined().or(JournalFilter);
