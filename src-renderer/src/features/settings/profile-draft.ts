/**
 * The rules of a profile and its key, said in plain words and checked all at once before anything
 * is sent. Main checks the same rules again (src-main/services/profiles-schema.ts and the contract's
 * ApiKey) and stays the authority; this copy exists so a person sees every problem in one round.
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

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function nameProblem(name: string): string | undefined {
  const value = name.trim();
  if (!value) return 'Give the profile a name, for example “Acme live”.';
  if (value.length > 60) return 'Keep the name to 60 characters or fewer.';
  if (CONTROL.test(value)) return 'The name contains invisible characters. Type it again.';
  return undefined;
}

function addressProblem(baseUrl: string, environment: 'sandbox' | 'live'): string | undefined {
  const value = baseUrl.trim();
  if (!value) return 'Enter the service address you were given, for example https://api.example.com.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'This is not a full web address. It should look like https://api.example.com.';
  }
  if (url.username || url.password) return 'Remove the user name or password from the address.';
  if (url.search || url.hash) return 'Remove everything from the “?” or “#” on.';
  if (url.protocol === 'https:') return undefined;
  if (environment === 'live' || url.protocol !== 'http:') {
    return 'A live profile needs a secure address that starts with https://.';
  }
  return undefined;
}

function merchantProblem(merchantId: string): string | undefined {
  const value = merchantId.trim();
  if (!value) return 'Enter your merchant ID, as shown in your merchant account.';
  if (value.length > 128) return 'This is longer than any merchant ID (128 characters at most).';
  if (/\s/.test(value) || CONTROL.test(value)) return 'The merchant ID has spaces in it. Copy it again.';
  return undefined;
}

/** What is wrong with a key itself; never blames the keychain for a key that is too short. */
export function apiKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'Enter the API key.';
  if (key.length < 8)
    return 'This is too short to be an API key (at least 8 characters). Check that it was copied whole.';
  if (key.length > 512) return 'This is longer than 512 characters. Check that only the key was copied.';
  if (!/^[\x21-\x7e]+$/.test(key))
    return 'The key contains spaces, line breaks or other characters keys never have. Copy it again.';
  return undefined;
}

export function validateDraft(
  draft: ProfileDraft & { apiKey?: string },
  environment: 'sandbox' | 'live',
): DraftErrors {
  const errors: DraftErrors = {
    name: nameProblem(draft.name),
    baseUrl: addressProblem(draft.baseUrl, environment),
    merchantId: merchantProblem(draft.merchantId),
    apiKey: draft.apiKey === undefined ? undefined : apiKeyProblem(draft.apiKey),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as DraftErrors;
}

/**
 * Main's field messages start with the field's code name ("baseUrl must use https://"); people see
 * the label instead. Used only for a rule main has and this file missed.
 */
export function plainFieldErrors(fields: Record<string, string>): DraftErrors {
  const out: DraftErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    if (!(field in FIELD_LABELS)) continue;
    const label = FIELD_LABELS[field as DraftField];
    out[field as DraftField] = message.startsWith(field)
      ? `${label}${message.slice(field.length)}.`.replace(/\.\.$/, '.')
      : `${label}: ${message}`;
  }
  return out;
}
