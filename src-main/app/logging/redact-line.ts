import { CREDENTIAL_NAMES } from '../../storage/port/redact';
import { REDACTED, type Redactor } from '../../security/redactor';

/**
 * A value written after a credential-like name: `apiKey=…`, `"signature":"…"`, `Sign: …`,
 * `Authorization: Bearer …`, `webhookSecret=…`. The names are the journal's (journal/redact.ts), so
 * the log file and the journal refuse the same things.
 */
const NAMED_VALUE = new RegExp(
  `(?<![\\w-])([\\w-]*?(?:${CREDENTIAL_NAMES}))(["']?\\s*[:=]\\s*["']?)(?:(?:bearer|basic)\\s+)?[^\\s"',;&}\\]]+`,
  'gi',
);
/**
 * A signature on this service is lowercase hex of MD5 (32) or HMAC-SHA256 (64), and the journal's
 * chain key is 64 hex: any hex run that long is treated as one, even with no name beside it. Hashes
 * of the journal chain are hidden too; the diagnostics export carries the chain status instead.
 */
const HEX_RUN = /(?<![0-9a-z])[0-9a-f]{32,}(?![0-9a-z])/gi;
/** One log line stays one line, and a runaway message cannot fill the disk in a few writes. */
const MAX_LINE = 8_000;

/**
 * What every line goes through before it reaches the log file: the secrets main holds (the
 * Redactor's registered keys), then anything shaped like a key or a signature, whoever wrote it.
 */
export function redactLine(line: string, redactor?: Pick<Redactor, 'text'>): string {
  const known = redactor ? redactor.text(line) : line;
  const flat = known.replace(/\r?\n|\r/g, ' ⏎ ');
  const clean = flat.replace(NAMED_VALUE, `$1$2${REDACTED}`).replace(HEX_RUN, REDACTED);
  return clean.length > MAX_LINE
    ? `${clean.slice(0, MAX_LINE)}… [${clean.length - MAX_LINE} more characters]`
    : clean;
}
