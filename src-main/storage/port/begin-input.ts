import { canonicalJson } from '../../protocol/canonical';
import { invalidInput, JournalError } from './errors';
import { refuseSecrets } from './redact';
import { BeginInputSchema, type BeginInput } from './types';

/**
 * A request body as the wire will carry it (canonical JSON), refused when it holds a credential, or
 * anything the wire would reshape (a float and the like): before anything is recorded or sent.
 */
export function wireBody(requestBody: Record<string, unknown>): string {
  refuseSecrets(requestBody);
  try {
    return canonicalJson(requestBody);
  } catch (error) {
    throw new JournalError('invalid', `requestBody: ${(error as Error).message}`);
  }
}

/** A begin's input checked as every room checks it, with its body as it will be recorded and signed. */
export function readBeginInput(input: BeginInput) {
  const parsed = BeginInputSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return { ...parsed.data, body: wireBody(parsed.data.requestBody) };
}
