import type { z } from 'zod';

/**
 * The one mapping from zod issues to field errors: "patch.name" style paths (list items as
 * "allowed_coins[0]"), every message kept in order, "(input)" for a problem with the whole value.
 */
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    (fieldErrors[issuePath(issue.path)] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** One issue's path as people read it: "data[0].quotes[0].price"; `whole` names the value itself. */
export function issuePath(path: readonly PropertyKey[], whole = '(input)'): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  }
  return out || whole;
}

/** "name: is required; amount: must be a decimal string": every field and its first message. */
export function describeFieldErrors(fieldErrors: Record<string, string[]>): string {
  return Object.entries(fieldErrors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
}
