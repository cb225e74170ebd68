import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

// The texts are stored as hashes (a keyed request's fingerprint for 24 hours, a provider callback's): each row is
// the text the earlier implementation (entries sorted with `<`, mapped and joined) gave, so that a key or a callback
// stored before this one still matches.

describe('canonicalJson', () => {
  it.each([
    ['a scalar', 5, '5'],
    ['a string with quotes', 'a"b', '"a\\"b"'],
    ['null', null, 'null'],
    ['members sorted at every level', { b: 1, a: { d: [2, 1], c: null } }, '{"a":{"c":null,"d":[2,1]},"b":1}'],
    ['arrays keep their order', [{ b: 1, a: 2 }, 3, 'x'], '[{"a":2,"b":1},3,"x"]'],
    ['an empty object and array', { z: {}, y: [] }, '{"y":[],"z":{}}'],
    ['names in code unit order: upper case before lower', { b: 1, B: 2, a: 3, _: 4 }, '{"B":2,"_":4,"a":3,"b":1}'],
    ['names outside the BMP and escaped', { é: 1, '😀': 2, 'a\n': 3 }, '{"a\\n":3,"é":1,"😀":2}'],
    ['undefined members left out', { a: undefined, b: 1 }, '{"b":1}'],
    ['numbers as JSON writes them', { n: [1.5, -0, 1e21, 0.1] }, '{"n":[1.5,0,1e+21,0.1]}'],
    ['a body parsed from JSON', JSON.parse('{"userData":{"x":"1"},"amount":10}'), '{"amount":10,"userData":{"x":"1"}}'],
  ])('%s', (_what, value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });
});
