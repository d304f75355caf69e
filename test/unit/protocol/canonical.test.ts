import { describe, expect, it } from 'vitest';
import { canonicalJson, CanonicalJsonError } from '@main/protocol/canonical';

describe('canonicalJson', () => {
  it.each([
    [undefined, ''],
    [{}, '[]'],
    [{ a: {} }, '{"a":[]}'],
    [{ url: 'https://x.example/a/b' }, '{"url":"https:\\/\\/x.example\\/a\\/b"}'],
    ['/', '"\\/"'],
    [{ 'a/b': '/x//' }, '{"a\\/b":"\\/x\\/\\/"}'],
    ['é😀', '"\\u00e9\\ud83d\\ude00"'],
    ['\u2028\u2029', '"\\u2028\\u2029"'],
    // Typed text that looks like an escaped surrogate is text: only a real lone surrogate is refused.
    ['\\ud83d', '"\\\\ud83d"'],
    ['\u0000\u001f\b\f\n\r\t\u007f', '"\\u0000\\u001f\\b\\f\\n\\r\\t\u007f"'],
    [{ b: 1, a: 2 }, '{"b":1,"a":2}'],
    [-0, '0'],
    [{ skip: undefined, keep: null }, '{"keep":null}'],
  ])('encodes %j as PHP would', (value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it.each([
    ['$.amount', { amount: 1.5 }, /floating-point/],
    ['$.a[1]', { a: [1, Number.NaN] }, /non-finite/],
    ['$.a', { a: Infinity }, /non-finite/],
    ['$.n', { n: 2 ** 60 }, /safe range/],
    ['$.n', { n: 10n }, /bigint/],
    ['$.items.0', { items: { '0': 'x' } }, /numeric object key/],
    ['$.12.5', { '12.5': 1 }, /numeric object key/],
    ['$.s', { s: 'a\ud800b' }, /surrogate/],
    ['$.d', { d: new Date(0) }, /plain objects/],
    ['$[0]', [undefined], /undefined/],
    ['$.f', { f: () => 1 }, /function/],
  ])('refuses the value at %s, naming that path', (path, value, message) => {
    let caught: unknown;
    try {
      canonicalJson(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CanonicalJsonError);
    expect((caught as CanonicalJsonError).path).toBe(path);
    expect((caught as Error).message).toMatch(message);
  });
});
