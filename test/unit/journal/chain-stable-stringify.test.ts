import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENTRY_COLUMNS } from '@main/storage/port/entry-row';
import { encodeEntry, stableStringify } from '@main/storage/sqlite/chain-rules';
import { trickyString } from '@test/helpers/json-arbitraries';

/** The rule as first written (sort keys at every level, leave undefined out): the hashes depend on it. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts = Object.keys(record)
    .sort()
    .filter((k) => record[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${reference(record[k])}`);
  return `{${parts.join(',')}}`;
}

const primitive = fc.oneof(
  trickyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const key = fc.oneof(trickyString, fc.constantFrom('10', '9', '1', 'a', 'B', '_', 'é'));
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, primitive, tie('object'), fc.array(tie('any'), { maxLength: 4 })),
  object: fc.dictionary(key, tie('any'), { maxKeys: 6 }),
})).any;
// Flat objects built with sorted keys: the shape the fast path takes.
const sortedFlat = fc.dictionary(key, primitive, { maxKeys: 8 }).map((o) =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  ),
);

describe('stableStringify', () => {
  it('writes exactly what the original rule wrote, for any value (fast path or not)', () => {
    fc.assert(
      fc.property(fc.oneof(value, sortedFlat), (v) => {
        expect(stableStringify(v)).toBe(reference(v));
      }),
      { numRuns: 2000, seed: 20261122 },
    );
  });

  it('encodes an entry snapshot the same whatever order the row came in', () => {
    const row = Object.fromEntries(ENTRY_COLUMNS.map((c, i) => [c, i % 3 ? `v${i}/é` : i]));
    const reversed = Object.fromEntries(Object.entries(row).reverse());
    expect(stableStringify(encodeEntry(reversed))).toBe(reference(row));
  });
});
