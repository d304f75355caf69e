import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@main/protocol/canonical';
import { jsonValue } from '@test/helpers/json-arbitraries';
import { phpReencode, phpSkipReason } from '@test/helpers/php';

// A few hundred generated bodies, fixed seed so a failure is reproducible.
export const DIFFERENTIAL_CASES = 400;

describe.skipIf(phpSkipReason)('canonicalJson against real PHP json_encode', () => {
  const values = fc.sample(jsonValue, { numRuns: DIFFERENTIAL_CASES, seed: 20261121 });
  // Hand-picked bodies that have tripped encoders before, on top of the generated ones.
  const fixed: unknown[] = [
    { order_id: 'A/1', amount: '10.00', success_url: 'https://shop.example/ok?x=1&y=2' },
    { note: 'Zürich – 😀 \u2028\u2029 <b>"q"</b> \\ \u0000\u007f' },
    { empty_object: {}, empty_array: [], nested: { a: [{}, []] } },
    { allowed_coins: ['usdt', 'btc'], coin: null, flag: true, n: -0, big: 9007199254740991 },
  ];
  const all = [...fixed, ...values];

  it(`is byte-identical to what PHP computes from the same body (${all.length} bodies)`, () => {
    const ours = all.map((v) => canonicalJson(v));
    const theirs = phpReencode(all.map((v) => JSON.stringify(v)));
    expect(theirs).toHaveLength(all.length);
    for (let i = 0; i < all.length; i++) {
      expect({ i, out: ours[i] }).toEqual({ i, out: theirs[i] });
    }
  });

  it('is a fixpoint: PHP re-encoding our bytes gives our bytes back', () => {
    const ours = all.map((v) => canonicalJson(v));
    expect(phpReencode(ours)).toEqual(ours);
  });

  it('is pure ASCII, so the bytes sent are the string signed', () => {
    for (const v of values) expect(canonicalJson(v)).toMatch(/^[\x20-\x7f]*$/);
  });
});
