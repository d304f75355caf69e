import fc from 'fast-check';

/** Characters that stress the canonical encoder: escapes, controls, non-ASCII, astral, separators. */
const trickyChar = fc.oneof(
  fc.constantFrom(
    '/',
    '"',
    '\\',
    '\b',
    '\f',
    '\n',
    '\r',
    '\t',
    '\u0000',
    '\u001f',
    '\u007f',
    '\u2028',
    '\u2029',
  ),
  fc.constantFrom('é', 'ß', '€', '中', 'й', '\u00a0', '\ufeff', '\uffff', '😀', '𝄞', '🇺🇦'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

export const trickyString = fc.array(trickyChar, { maxLength: 12 }).map((parts) => parts.join(''));

/** Object keys the contract allows: anything that does not read as a number. */
export const safeKey = trickyString.filter((key) => !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(key));

export const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    trickyString,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(safeKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;
