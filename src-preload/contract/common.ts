import { z } from 'zod';

/** Money on the wire between main and renderer: a decimal string, never a number. */
export const DecimalString = z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "12.50"');
export const Code = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be a coin or network code such as "usdt" or "tron"')
  .transform((v) => v.toLowerCase());
export const Id = z.string().min(1).max(200);
export const IsoTime = z.string();
export const Json = z.unknown();

/** How a failure reaches the user: what happened, what to do next, and what the UI can act on. */
export const ErrorInfo = z.object({
  kind: z.string(),
  message: z.string(),
  httpStatus: z.number().int().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  retryAfterSeconds: z.number().optional(),
  failureCode: z.string().optional(),
  details: Json.optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfo>;

/** The answer to every invoke: never a thrown exception across the bridge. */
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: ErrorInfo };

/** A money-moving write: the journal row it was recorded in, and what the service said. */
export const WriteResult = z.object({
  journalId: z.string(),
  outcome: z.enum(['ok', 'rejected', 'unknown']),
  data: Json.optional(),
  error: ErrorInfo.optional(),
});
export type WriteResult = z.infer<typeof WriteResult>;

export const Empty = z.undefined().or(z.object({}).strict());
