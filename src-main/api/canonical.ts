/**
 * The exact bytes the service computes when it verifies a signature: it parses the request body and
 * re-encodes it with PHP's `json_encode(json_decode($body, true))` (default flags). We sign and send
 * those bytes, so the body the server re-encodes is byte-identical to the one we signed.
 *
 * Anything PHP would silently reshape (floats, huge integers, numeric-string keys that turn into
 * array indexes, lone surrogates) is refused instead: a money value must never change on the wire.
 */

export class CanonicalJsonError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(`${message} at ${path}`);
    this.name = 'CanonicalJsonError';
  }
}

// PHP turns decimal-integer keys into integer array keys (a {"0":..} object becomes a list), and a
// key that looks like any number is a trap for whoever reads the body next; refuse them all.
const NUMERIC_KEY = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function hex4(code: number): string {
  return '\\u' + code.toString(16).padStart(4, '0');
}

function encodeString(value: string, path: string): string {
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    const code = value.charCodeAt(i);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) {
      out += short;
    } else if (code < 0x20) {
      out += hex4(code);
    } else if (code <= 0x7f) {
      // PHP leaves DEL (0x7f) unescaped, like every other ASCII character.
      out += ch;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) {
        throw new CanonicalJsonError('unpaired UTF-16 surrogate in string', path);
      }
      out += hex4(code) + hex4(next);
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      throw new CanonicalJsonError('unpaired UTF-16 surrogate in string', path);
    } else {
      out += hex4(code);
    }
  }
  return out + '"';
}

function encodeNumber(value: number, path: string): string {
  if (!Number.isFinite(value)) {
    throw new CanonicalJsonError(`non-finite number ${String(value)} cannot be encoded`, path);
  }
  if (!Number.isInteger(value)) {
    throw new CanonicalJsonError('floating-point number is not allowed; send amounts as decimal strings', path);
  }
  if (!Number.isSafeInteger(value)) {
    throw new CanonicalJsonError('integer outside the safe range; send it as a string', path);
  }
  return Object.is(value, -0) ? '0' : String(value);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function encodeValue(value: unknown, path: string): string {
  switch (typeof value) {
    case 'string':
      return encodeString(value, path);
    case 'number':
      return encodeNumber(value, path);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new CanonicalJsonError('bigint is not allowed; send it as a decimal string', path);
    case 'undefined':
      throw new CanonicalJsonError('undefined is not a JSON value', path);
    case 'object':
      break;
    default:
      throw new CanonicalJsonError(`${typeof value} is not a JSON value`, path);
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    return '[' + value.map((item, index) => encodeValue(item, `${path}[${index}]`)).join(',') + ']';
  }
  if (!isPlainObject(value)) {
    throw new CanonicalJsonError('only plain objects and arrays can be encoded', path);
  }
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    // An absent optional field is simply not sent, as JSON.stringify does.
    if (member === undefined) continue;
    const memberPath = `${path}.${key}`;
    if (NUMERIC_KEY.test(key)) {
      throw new CanonicalJsonError(`numeric object key "${key}" is not allowed`, memberPath);
    }
    members.push(encodeString(key, memberPath) + ':' + encodeValue(member, memberPath));
  }
  // PHP decodes {} into an empty array and writes it back as [].
  return members.length === 0 ? '[]' : '{' + members.join(',') + '}';
}

/** Canonical body for `value`; `undefined` means "no body" and encodes as the empty string. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return encodeValue(value, '$');
}
