/**
 * The exact bytes the service computes when it verifies a signature: it parses the request body and
 * re-encodes it with PHP's `json_encode(json_decode($body, true))` (default flags). We sign and send
 * those bytes, so the body the server re-encodes is byte-identical to the one we signed.
 *
 * Anything PHP would silently reshape (floats, huge integers, numeric-string keys that turn into
 * array indexes, lone surrogates) is refused instead: a money value must never change on the wire.
 */

export class CanonicalJsonError extends Error {
  readonly path: string;
  constructor(message: string, segments: readonly string[]) {
    const path = segments.join('');
    super(`${message} at ${path}`);
    this.name = 'CanonicalJsonError';
    this.path = path;
  }
}

// The JSON path as a stack of segments ('$', '.key', '[0]'), joined only when an error is raised:
// building path strings for every member would double the cost of signing.
type Path = string[];

// PHP turns decimal-integer keys into integer array keys (a {"0":..} object becomes a list), and a
// key that looks like any number is a trap for whoever reads the body next; refuse them all.
const NUMERIC_KEY = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

// Printable ASCII with nothing to escape: by far the most common string in a request body.
const PLAIN_ASCII = /^[\x20-\x21\x23-\x2e\x30-\x5b\x5d-\x7f]*$/;
const NEEDS_PHP_ESCAPE = /[/\u0080-\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function hex4(code: number): string {
  return '\\u' + code.toString(16).padStart(4, '0');
}

function encodeString(value: string, path: Path): string {
  if (PLAIN_ASCII.test(value)) return `"${value}"`;
  if (LONE_SURROGATE.test(value)) {
    throw new CanonicalJsonError('unpaired UTF-16 surrogate in string', path);
  }
  // JSON.stringify already writes quotes, backslashes and control characters the way PHP does
  // (short forms for \b \f \n \r \t, lowercase \u00XX otherwise, DEL left as is); PHP also escapes
  // "/" and every non-ASCII UTF-16 unit, which we add on top.
  return JSON.stringify(value).replace(NEEDS_PHP_ESCAPE, escapeForPhp);
}

function escapeForPhp(ch: string): string {
  return ch === '/' ? '\\/' : hex4(ch.charCodeAt(0));
}

function encodeNumber(value: number, path: Path): string {
  if (!Number.isFinite(value)) {
    throw new CanonicalJsonError(`non-finite number ${String(value)} cannot be encoded`, path);
  }
  if (!Number.isInteger(value)) {
    throw new CanonicalJsonError(
      'floating-point number is not allowed; send amounts as decimal strings',
      path,
    );
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

function encodeValue(value: unknown, path: Path): string {
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
    let items = '';
    for (let i = 0; i < value.length; i++) {
      path.push(`[${i}]`);
      items += (i === 0 ? '' : ',') + encodeValue(value[i], path);
      path.pop();
    }
    return '[' + items + ']';
  }
  if (!isPlainObject(value)) {
    throw new CanonicalJsonError('only plain objects and arrays can be encoded', path);
  }
  let out = '';
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const member = value[key];
    // An absent optional field is simply not sent, as JSON.stringify does.
    if (member === undefined) continue;
    path.push(`.${key}`);
    out += (out === '' ? '{' : ',') + encodeKey(key, path) + ':' + encodeValue(member, path);
    path.pop();
  }
  // PHP decodes {} into an empty array and writes it back as [].
  return out === '' ? '[]' : out + '}';
}

// Bodies reuse a handful of field names; remembering their encoding keeps signing cheap.
const encodedKeys = new Map<string, string>();

function encodeKey(key: string, path: Path): string {
  const known = encodedKeys.get(key);
  if (known !== undefined) return known;
  if (NUMERIC_KEY.test(key)) {
    throw new CanonicalJsonError(`numeric object key "${key}" is not allowed`, path);
  }
  const encoded = encodeString(key, path);
  if (encodedKeys.size < 512) encodedKeys.set(key, encoded);
  return encoded;
}

/** A number starts with a sign, a dot or a digit; testing the first character spares the regex. */
function mayBeNumeric(key: string): boolean {
  const c = key.charCodeAt(0);
  return c === 0x2b || c === 0x2d || c === 0x2e || (c >= 0x30 && c <= 0x39);
}

/**
 * True when JSON.stringify writes `value` exactly as encodeValue would, up to PHP's extra escapes: only
 * strings, safe integers, booleans, null, arrays without holes or undefined, and plain non-empty
 * objects whose keys are not numeric. Anything else (including every value encodeValue refuses) takes
 * the careful path, which decides and names the path of the problem.
 */
function stringifySafe(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isSafeInteger(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!stringifySafe(value[i])) return false;
    return true;
  }
  if (!isPlainObject(value)) return false;
  let members = 0;
  // No own-property check: an inherited enumerable key (a polluted prototype) is only checked too,
  // and if it fails the check the careful path, which skips it, decides.
  for (const key in value) {
    const member = value[key];
    if (member === undefined) continue;
    if (mayBeNumeric(key) && NUMERIC_KEY.test(key)) return false;
    if (!stringifySafe(member)) return false;
    members++;
  }
  // {} must become [] as PHP writes it.
  return members > 0;
}

// JSON.stringify escapes a lone surrogate as \udXXX text; the careful path refuses it instead. A
// typed backslash followed by "ud8.." also matches: it only costs the careful path, never a wrong byte.
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F]/;

/** `\/` for every "/", by slices: a body holds a few (its URLs), and this is faster than replaceAll. */
function escapeSlashes(text: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf('/'); at !== -1; at = text.indexOf('/', from)) {
    out += text.slice(from, at) + '\\/';
    from = at + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Canonical body for `value`; `undefined` means "no body" and encodes as the empty string. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  // The fast path: one native JSON.stringify, then PHP's escapes for "/" and non-ASCII over the whole
  // text (outside strings JSON has neither, so this equals escaping string by string).
  if (stringifySafe(value)) {
    const json = JSON.stringify(value);
    if (!(json.includes('\\u') && ESCAPED_SURROGATE.test(json))) {
      // Pure ASCII (a UTF-8 length equal to the string length) leaves only "/" to escape.
      const ascii = Buffer.byteLength(json, 'utf8') === json.length;
      return ascii ? escapeSlashes(json) : json.replace(NEEDS_PHP_ESCAPE, escapeForPhp);
    }
  }
  return encodeValue(value, ['$']);
}
