import { JournalError } from './errors';

// Names under which a key or a signature could end up in a body, response or error by mistake.
// Exported as a pattern source too: the log file's line redactor (app/logging) looks for the same names.
export const CREDENTIAL_NAMES =
  'api[-_]?key|apikey|secret|password|sign|signature|x-signature|authorization|merchant[-_]?key';
const SECRET_NAME = new RegExp(`^(${CREDENTIAL_NAMES})$`, 'i');

function walk(value: unknown, onSecret: (path: string) => unknown, path: string): unknown {
  if (Array.isArray(value)) return value.map((v, i) => walk(v, onSecret, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_NAME.test(k) ? onSecret(`${path}.${k}`) : walk(v, onSecret, `${path}.${k}`);
    }
    return out;
  }
  return value;
}

/** A request body that carries a credential-like field is a bug upstream: refuse to record it. */
export function refuseSecrets(body: Record<string, unknown>): void {
  walk(
    body,
    (path) => {
      throw new JournalError(
        'invalid',
        `The request body has a credential-like field (${path.slice(1)}); the journal never stores keys or signatures.`,
      );
    },
    '',
  );
}

/** Responses, errors and webhook payloads are recorded, minus anything named like a credential. */
export function toStoredJson(value: unknown): string | null {
  if (value === undefined) return null;
  // Error properties are not enumerable; keep what a person needs to read.
  if (value instanceof Error) value = { ...value, name: value.name, message: value.message };
  const cleaned = walk(value, () => '[redacted]', '');
  try {
    return JSON.stringify(cleaned) ?? null;
  } catch {
    return JSON.stringify(String(cleaned));
  }
}
