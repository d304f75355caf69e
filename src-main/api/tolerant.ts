import type { z } from 'zod';
import type { UnreadableField } from '@shared/domain/invoice-lookup';
import { ApiError } from './errors';
import { openEnvelope } from './decode';
import type { HttpResponse } from './transport';

/**
 * Reading the real service tolerantly (ARCHITECTURE.md): a 2xx that is valid JSON means the service
 * did it, even when a documented field is missing or of another type. Such an answer is read field
 * by field: what can be read is used, what cannot is named (with its raw value), and the whole
 * answer is kept. Only an answer that is not JSON at all stays unreadable.
 */

export const ENVELOPE_GAP = 'no {status, data} envelope: the answer was read as it came';

export type { UnreadableField };

/** A write's 2xx answer: the readable part, the answer as received (unwrapped), and what was missing. */
export interface Accepted<T> {
  data: T;
  raw: unknown;
  warnings: string[];
}
export type AnswerReader<T> = (operation: string, res: HttpResponse) => Accepted<T>;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks each documented field of `schema` on its own. Readable fields are kept (as parsed), unknown
 * extra fields pass through untouched, unreadable ones are left out of the value and reported.
 */
export function readFields<S extends z.ZodObject>(
  schema: S,
  input: Record<string, unknown>,
  prefix = '',
): { value: Partial<z.output<S>>; unreadable: UnreadableField[] } {
  const value: Record<string, unknown> = { ...input };
  const unreadable: UnreadableField[] = [];
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const present = Object.hasOwn(input, name);
    const parsed = field.safeParse(input[name]);
    if (parsed.success) {
      if (present) value[name] = parsed.data;
      continue;
    }
    delete value[name];
    unreadable.push(
      present
        ? { field: prefix + name, problem: parsed.error.issues[0]?.message ?? 'invalid', value: input[name] }
        : { field: prefix + name, problem: 'missing' },
    );
  }
  return { value: value as Partial<z.output<S>>, unreadable };
}

function describeGap(u: UnreadableField, notes: Record<string, string>): string {
  const note = notes[u.field];
  if (note) return note;
  return u.problem === 'missing'
    ? `no ${u.field} in the answer`
    : `${u.field} could not be read: ${u.problem}`;
}

/**
 * The reader of a write's 2xx answer. `notes` replace the generic words for a field whose absence
 * matters to the person (a withdrawal without its id, say). Throws only when the body is not JSON
 * or says `status: "error"`: those stay "outcome unknown".
 */
export function readAnswer<S extends z.ZodObject>(
  schema: S,
  notes: Record<string, string> = {},
): AnswerReader<Partial<z.output<S>>> {
  return (operation, res) => {
    const { data: raw, enveloped } = openEnvelope(operation, res);
    const warnings = enveloped ? [] : [ENVELOPE_GAP];
    if (!isRecord(raw)) warnings.push('the answer is not an object: none of its fields could be read');
    const { value, unreadable } = readFields(schema, isRecord(raw) ? raw : {});
    warnings.push(...unreadable.map((u) => describeGap(u, notes)));
    return { data: value, raw, warnings };
  };
}

/** For answers whose shape is "not shown": anything readable is accepted; only a missing envelope is flagged. */
export function readLooseAnswer(operation: string, res: HttpResponse): Accepted<unknown> {
  const { data, enveloped } = openEnvelope(operation, res);
  return { data, raw: data, warnings: enveloped ? [] : [ENVELOPE_GAP] };
}

/** A read's answer that holds nothing usable at all (not an object where one is required). */
export function nothingReadable(operation: string, status: number, path: string, what: string): ApiError {
  return new ApiError({
    kind: 'schema',
    operation,
    httpStatus: status,
    message: `The service's answer to ${operation} holds no ${what}, so there is nothing to show. Please report this.`,
    details: { path },
  });
}
