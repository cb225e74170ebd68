import { describe, expect, it } from 'vitest';
import { decimalOfMinor, decimalOfNumber, minorOfNumber, mulDiv, numberOfMinor } from './amount.js';

describe('decimalOfNumber gives back the literal the client wrote', () => {
  it.each([
    [0.1, '0.1'],
    [100, '100'],
    [12.5, '12.5'],
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
    [1e21, '1000000000000000000000'],
    [123456.789, '123456.789'],
    [-2.5, '-2.5'],
    [0, '0'],
  ])('%s → %s', (value, expected) => {
    expect(decimalOfNumber(value)).toBe(expected);
  });
  it('refuses non-finite numbers', () => {
    expect(decimalOfNumber(Number.NaN)).toBeUndefined();
    expect(decimalOfNumber(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

describe('minorOfNumber converts at the currency precision', () => {
  it.each([
    [10.5, 2, 1050n],
    [0.01, 2, 1n],
    [100, 0, 100n],
    [0.00000001, 8, 1n],
    [1.23, 6, 1230000n],
    [0.1 + 0.2, 20, undefined], // 0.30000000000000004 has 17 significant digits: refused, not rounded
    [10.005, 2, undefined],
    [1.5, 0, undefined],
    [999999999999999, 0, 999999999999999n],
    // biome-ignore lint/correctness/noPrecisionLoss: the point of the case is a literal a double cannot hold
    [9999999999999999, 0, undefined],
  ])('%s at precision %s → %s', (value, precision, expected) => {
    const parsed = minorOfNumber(value, precision);
    if (expected === undefined) expect(parsed.ok).toBe(false);
    else expect(parsed).toEqual({ ok: true, minor: expected });
  });
  it('names the precision in the reason', () => {
    expect(minorOfNumber(1.234, 2)).toEqual({ ok: false, reason: 'has more than 2 decimal places' });
  });
});

describe('formatting minor units back', () => {
  it.each([
    [1050n, 2, '10.5', 10.5],
    [1n, 8, '0.00000001', 0.00000001],
    [0n, 2, '0', 0],
    [-125n, 2, '-1.25', -1.25],
    [123456789012345n, 2, '1234567890123.45', 1234567890123.45],
  ])('%s at %s → %s', (minor, precision, decimal, number) => {
    expect(decimalOfMinor(minor, precision)).toBe(decimal);
    expect(numberOfMinor(minor, precision)).toBe(number);
  });
});

describe('mulDiv rounds in the stated direction', () => {
  it.each([
    [10n, 1n, 3n, 'down', 3n],
    [10n, 1n, 3n, 'up', 4n],
    [9n, 1n, 3n, 'up', 3n],
    [0n, 5n, 7n, 'up', 0n],
  ] as const)('%s*%s/%s %s → %s', (a, b, c, rounding, expected) => {
    expect(mulDiv(a, b, c, rounding)).toBe(expected);
  });
});
