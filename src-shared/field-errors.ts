import type { z } from 'zod';

/**
 * The one mapping from zod issues to field errors: "patch.name" style paths (list items as
 * "allowed_coins[0]"), every message kept in order, "(input)" for a problem with the whole value.
 */
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    (fieldErrors[fieldPath(issue.path)] ??= []).push(issue.message);
  }
  return fieldErrors;
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  }
  return out || '(input)';
}

/** "name: is required; amount: must be a decimal string": every field and its first message. */
export function describeFieldErrors(fieldErrors: Record<string, string[]>): string {
  return Object.entries(fieldErrors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
}
