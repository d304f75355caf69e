import { z } from 'zod';
import { ErrorInfo } from '@shared/errors';
import { Json } from '@shared/domain/wire';
import { RefusalReason, WriteOutcomeKind } from '@shared/domain/operations';

export { ErrorInfo };

/** The answer to every invoke: never a thrown exception across the bridge. */
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: ErrorInfo };

/**
 * A money-moving write: the journal row it was recorded in, and what the service said. `warnings`
 * (outcome accepted only) name the gaps of an accepted answer that was not as documented, e.g. "no
 * withdrawal id: match it by its webhook"; the journal entry carries the same words. `reason`
 * (outcome rejected only) names a known refusal.
 */
export const WriteResult = z.object({
  journalId: z.string(),
  outcome: WriteOutcomeKind,
  reason: RefusalReason.optional(),
  data: Json.optional(),
  warnings: z.array(z.string()).optional(),
  error: ErrorInfo.optional(),
});
export type WriteResult = z.infer<typeof WriteResult>;

export const Empty = z.undefined().or(z.object({}).strict());
