import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Payloads a compromised or buggy renderer could send over IPC: wrong types, huge strings and arrays,
 * prototype-pollution keys, deep nesting, control and bidirectional characters, numbers where decimal
 * strings belong. The big values are built once (generating them per run would dominate the time).
 */
const HUGE_STRING = '9'.repeat(1_000_000);
const HUGE_ARRAY = Array.from({ length: 100_000 }, (_, i) => `x${i}`);

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}
const DEEP = [nested(5_000, 'deep', true), nested(5_000, { amount: '1' }, false)];

/** Control, zero-width and bidirectional-override characters: a reversed address is a spoofing trick. */
const SNEAKY = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u200b',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\ud800',
];
const LOOKS_VALID = [
  '1',
  '10.5',
  'usdt',
  'tron',
  'sandbox',
  'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  'https://pay.example/x',
  'A-1',
];

const sneakyString = fc
  .tuple(fc.constantFrom(...LOOKS_VALID), fc.constantFrom(...SNEAKY), fc.nat({ max: 8 }))
  .map(([text, char, at]) => text.slice(0, at) + char + text.slice(at));

/** Amount-like strings the decimal rule must refuse or read exactly, and numbers in their place. */
const notQuiteDecimal = fc.oneof(
  fc.constantFrom(
    '1e5',
    '0x10',
    ' 1',
    '1,5',
    '-1',
    '+1',
    '١٢',
    '1.',
    '.5',
    'NaN',
    'Infinity',
    '0.' + '0'.repeat(400) + '1',
  ),
  fc.double(),
  fc.integer(),
  fc.constantFrom(1.5, 1e21, -0, Number.MAX_SAFE_INTEGER + 2),
);

export const adversarialValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, undefined, true, false, 0, NaN, Infinity, '', HUGE_STRING, HUGE_ARRAY, ...DEEP),
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 40 }),
    sneakyString,
    notQuiteDecimal,
    fc.bigInt(),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
    pollutingObject(),
  ),
})).value;

/** An object whose own keys are __proto__, constructor and prototype, as JSON.parse makes them. */
function pollutingObject(): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .constantFrom('__proto__', 'constructor', 'prototype')
    .map((key) =>
      JSON.parse(`{"${key}": {"polluted": "yes", "prototype": {"polluted": "yes"}}, "toString": "x"}`),
    );
}

/** The keys a request schema knows (through unions, pipes, optionals), so payloads aim at real fields. */
export function fieldNames(schema: z.ZodType): string[] {
  const names = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    if (!node || depth > 6) return;
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    const shape = (node as { shape?: Record<string, unknown> }).shape;
    if (def.type === 'object' && shape) for (const key of Object.keys(shape)) names.add(key);
    for (const child of ['innerType', 'in', 'out', 'left', 'right', 'schema']) visit(def[child], depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) visit(option, depth + 1);
  };
  visit(schema, 0);
  return [...names];
}

/** Payloads for one channel: anything at all, or its own fields filled with adversarial values. */
export function adversarialPayload(schema: z.ZodType): fc.Arbitrary<unknown> {
  const names = fieldNames(schema);
  const shaped = names.length
    ? fc
        .tuple(
          fc.dictionary(fc.constantFrom(...names), adversarialValue, { minKeys: 1, maxKeys: names.length }),
          fc.option(pollutingObject(), { nil: undefined }),
        )
        .map(([fields, extra]) => (extra ? Object.assign(JSON.parse(JSON.stringify(extra)), fields) : fields))
    : fc.constant(undefined);
  return fc.oneof(
    { weight: 1, arbitrary: adversarialValue },
    { weight: 3, arbitrary: shaped },
    { weight: 1, arbitrary: pollutingObject() },
  );
}
