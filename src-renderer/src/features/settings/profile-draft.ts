import { ApiKey } from '@shared/domain/api-key';
import { ProfileInput } from '@shared/domain/profile';
import { zodFieldErrors } from '@shared/field-errors';

/**
 * A profile being typed in, checked all at once before anything is sent, with the same schemas main
 * checks it with (src-shared/domain): one rule, one message, so a person sees every problem in one
 * round and main never says something different.
 */
export interface ProfileDraft {
  name: string;
  baseUrl: string;
  merchantId: string;
}
export type DraftField = keyof ProfileDraft | 'apiKey';
export type DraftErrors = Partial<Record<DraftField, string>>;

export const FIELD_LABELS: Record<DraftField, string> = {
  name: 'Profile name',
  baseUrl: 'Service address',
  merchantId: 'Merchant ID',
  apiKey: 'API key',
};

/** What is wrong with a key itself; never blames the keychain for a key that is too short. */
export function apiKeyProblem(key: string): string | undefined {
  const parsed = ApiKey.safeParse(key);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export function validateDraft(
  draft: ProfileDraft & { apiKey?: string },
  environment: 'sandbox' | 'live',
): DraftErrors {
  const { name, baseUrl, merchantId } = draft;
  const parsed = ProfileInput.safeParse({ name, environment, baseUrl, merchantId });
  const errors = parsed.success ? {} : plainFieldErrors(zodFieldErrors(parsed.error));
  const keyProblem = draft.apiKey === undefined ? undefined : apiKeyProblem(draft.apiKey);
  return keyProblem ? { ...errors, apiKey: keyProblem } : errors;
}

/** Field errors (main's answer, or the local check) narrowed to the form's fields, first message each. */
export function plainFieldErrors(fields: Record<string, string | string[]>): DraftErrors {
  const out: DraftErrors = {};
  for (const [field, messages] of Object.entries(fields)) {
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (field in FIELD_LABELS && message) out[field as DraftField] ??= message;
  }
  return out;
}
