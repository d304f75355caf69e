import { z } from 'zod';
import { PersonName } from './journal';
import { Environment } from './profile';
import { Id, Instant, IsoTime } from './wire';

/** A signed decimal string: differences and debits are negative. */
const SignedDecimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a signed decimal string');

/** A period to reconcile: from before to; `to` may be now (then a balance snapshot is taken now). */
export const ReconPeriodInput = z
  .object({ from: Instant, to: Instant })
  .refine((p) => Date.parse(p.from) < Date.parse(p.to), { path: ['to'], message: 'must be after the start' });
export type ReconPeriodInput = z.infer<typeof ReconPeriodInput>;

/** What a person writes beside a decision: why they accept an item, or what they found. */
export const ReconNote = z
  .string()
  .trim()
  .min(3, 'say what you checked or why you accept it')
  .max(1000, 'must be at most 1000 characters')
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

export const ReconSessionId = z.object({ id: Id });
export const ReconReviewInput = z.object({
  id: Id,
  itemKey: z.string().min(1).max(300),
  note: ReconNote,
  name: PersonName,
});
export const ReconCloseInput = z.object({
  id: Id,
  name: PersonName,
  note: ReconNote,
  /** Required to close while differences or open items remain: they are listed in the report. */
  withExceptions: z.boolean(),
});

export const SnapshotUsed = z.object({
  at: IsoTime,
  total: SignedDecimal,
  available: SignedDecimal.nullable(),
  frozen: SignedDecimal.nullable(),
});

export const MovementKind = z.enum([
  'invoice-credit',
  'wallet-deposit',
  'withdrawal-debit',
  'withdrawal-release',
]);
export const MovementView = z.object({
  key: z.string(),
  kind: MovementKind,
  amount: SignedDecimal,
  effect: SignedDecimal,
  at: IsoTime,
  entryId: z.number().int().nullable(),
  outside: z.boolean(),
  counted: z.boolean(),
  source: z.string(),
});

/** A stretch at one end of the period where no balance was seen; `words` say it for the screen and report. */
export const CoverageGapView = z.object({
  bound: z.enum(['start', 'end']),
  from: IsoTime,
  to: IsoTime,
  words: z.string(),
});

export const AssetLineView = z.object({
  coin: z.string(),
  network: z.string(),
  start: SnapshotUsed.nullable(),
  end: SnapshotUsed.nullable(),
  expected: SignedDecimal,
  observed: SignedDecimal.nullable(),
  difference: SignedDecimal.nullable(),
  /** Empty when a balance was seen near both ends; otherwise the line is flagged, never reconciled. */
  gaps: z.array(CoverageGapView),
  flagged: z.boolean(),
  reasons: z.array(z.string()),
  /** Every movement behind the line; `movements` lists at most a couple of hundred (the report has all). */
  movementCount: z.number().int().nonnegative(),
  movements: z.array(MovementView),
});
export type AssetLineView = z.infer<typeof AssetLineView>;

export const OpenItemKind = z.enum([
  'difference',
  'coverage-gap',
  'unknown-entry',
  'withdrawal-in-flight',
  'outside-activity',
  'rejected-deliveries',
]);
export const Review = z.object({ note: z.string(), by: z.string(), at: IsoTime });
/** What tells one open item from another like it: the order ID, the webhook's event ID, and when. */
export const OpenItemRef = z.object({
  orderId: z.string().nullable(),
  eventId: z.string().nullable(),
  at: IsoTime.nullable(),
});
export const OpenItem = z.object({
  /** The one item a review targets: never shared by two items of a session. */
  key: z.string(),
  kind: OpenItemKind,
  title: z.string(),
  detail: z.string(),
  entryId: z.number().int().nullable(),
  /** null for items with nothing to tell apart (a difference, a coverage gap) and older closed reports. */
  ref: OpenItemRef.nullable(),
  review: Review.nullable(),
  /** Still stops a clean close (a difference, an unknown or in-flight entry, or anything unreviewed). */
  blocking: z.boolean(),
});
export type OpenItem = z.infer<typeof OpenItem>;

export const ReconClosed = z.object({
  by: z.string(),
  note: z.string(),
  at: IsoTime,
  withExceptions: z.boolean(),
});

/** Where a step of the guided month-end close stands: nothing blocks, a person must act, or all is noted. */
export const CloseStepStatus = z.enum(['clear', 'action', 'exceptions']);
/** Whether a balance was seen near one end of the period for one asset (within the coverage tolerance). */
export const BoundSeen = z.object({ seen: z.boolean(), snapshotAt: IsoTime.nullable() });
/**
 * The guided month-end close, as main judges it from the session: coverage first (per asset, each end
 * seen or not, and whether a balance read now would cover it), then open items and unknowns, then
 * differences, then the close. A step is 'action' while one of its blocking items has no note yet.
 */
export const CloseSteps = z.object({
  coverage: z.object({
    status: CloseStepStatus,
    assets: z.array(
      z.object({
        coin: z.string(),
        network: z.string(),
        start: BoundSeen,
        end: BoundSeen,
        /** The coverage-gap item to note as an exception; null when both ends were seen. */
        itemKey: z.string().nullable(),
        /** A balance read now falls within the tolerance of an unseen end: "take a snapshot now" helps. */
        snapshotNowCovers: z.boolean(),
      }),
    ),
  }),
  openItems: z.object({ status: CloseStepStatus, keys: z.array(z.string()) }),
  differences: z.object({ status: CloseStepStatus, keys: z.array(z.string()) }),
  /** The first step a person still has to act on; 'close' when every earlier step is done. */
  next: z.enum(['coverage', 'open-items', 'differences', 'close']),
  /** True only with no exception at all: never while coverage is missing. */
  cleanClose: z.boolean(),
});
export type CloseSteps = z.infer<typeof CloseSteps>;

export const ReconSessionView = z.object({
  id: Id,
  profileId: z.string(),
  environment: Environment,
  period: z.object({ from: IsoTime, to: IsoTime }),
  state: z.enum(['open', 'closed']),
  startedAt: IsoTime,
  /** Who started it (the signed-in OS user main recorded); null or absent for older sessions. */
  startedBy: z.string().nullable().optional(),
  /** When the figures were computed (a closed session keeps the figures it was closed with). */
  asOf: IsoTime,
  lines: z.array(AssetLineView),
  items: z.array(OpenItem),
  /** What stops a clean close, in words; empty when it may close cleanly. */
  exceptions: z.array(z.string()),
  closed: ReconClosed.nullable(),
  /** The journal's chain head when the figures were computed, and whether the chain verified. */
  chain: z.object({ ok: z.boolean(), head: z.string().nullable(), events: z.number().int() }),
  /** The guided month-end close's steps; main adds them to every view it answers with. */
  steps: CloseSteps.optional(),
});
export type ReconSessionView = z.infer<typeof ReconSessionView>;

export const ReconSessionSummary = z.object({
  id: Id,
  period: z.object({ from: IsoTime, to: IsoTime }),
  state: z.enum(['open', 'closed']),
  startedAt: IsoTime,
  startedBy: z.string().nullable().optional(),
  closed: ReconClosed.nullable(),
});
export const ReconSessionList = z.object({ sessions: z.array(ReconSessionSummary) });
/** path null: the person cancelled the save dialog; nothing was written. */
export const ReconExportResult = z.object({
  path: z.string().nullable(),
  summaryPath: z.string().nullable(),
  rows: z.number().int(),
});
