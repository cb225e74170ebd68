import { describe, expect, it } from 'vitest';
import { axisOf, roundStep } from './axis.js';
import { quantitiesOf } from './quantity.js';

describe('roundStep: 1, 2 or 5 times a power of ten, at most five steps to the largest value', () => {
  it.each([
    [1n, 1n],
    [5n, 1n],
    [6n, 2n],
    [10n, 2n],
    [11n, 5n],
    [25n, 5n],
    [26n, 10n],
    [999n, 200n],
    [1001n, 500n],
    [10n ** 30n, 2n * 10n ** 29n],
  ])('largest %s → step %s', (largest, step) => {
    expect(roundStep(largest)).toBe(step);
  });
});

describe('axisOf: exact ticks from zero past the largest value, labels with one suffix per axis', () => {
  it.each([
    ['nothing at all', 0n, 0, ['0', '1']],
    ['a count of 3', 3n, 0, ['0', '1', '2', '3']],
    ['a count of 7', 7n, 0, ['0', '2', '4', '6', '8']],
    ['0.03 EUR (3 cents)', 3n, 2, ['0', '0.01', '0.02', '0.03']],
    ['0.3 (0.1 + 0.2, exact)', 3n, 1, ['0', '0.1', '0.2', '0.3']],
    ['12.34 EUR', 1234n, 2, ['0', '5', '10', '15']],
    ['2,345 orders', 2345n, 0, ['0', '0.5k', '1k', '1.5k', '2k', '2.5k']],
    ['2.4 million EUR', 240_000_000n, 2, ['0', '0.5M', '1M', '1.5M', '2M', '2.5M']],
    ['1 satoshi', 1n, 8, ['0', '0.00000001']],
    [
      '10^30 units',
      10n ** 30n,
      0,
      [
        '0',
        '200,000,000,000,000,000T',
        '400,000,000,000,000,000T',
        '600,000,000,000,000,000T',
        '800,000,000,000,000,000T',
        '1,000,000,000,000,000,000T',
      ],
    ],
  ])('%s', (_, largest, scale, labels) => {
    const axis = axisOf(largest, scale);
    expect(axis.labels).toEqual(labels);
    expect(axis.top >= largest).toBe(true);
    expect(axis.ticks[0]).toBe(0n);
    expect(axis.ticks.at(-1)).toBe(axis.top);
    expect(axis.ticks.length - 1).toBeLessThanOrEqual(5);
  });
});

describe('quantitiesOf: exact decimal strings to integers at one scale', () => {
  it.each([
    [['0.1', '0.2'], 1, [1n, 2n]],
    [['3', '0.25', '1.10'], 2, [300n, 25n, 110n]],
    [['123456789012345678901234567890.12345678'], 8, [12345678901234567890123456789012345678n]],
    [[], 0, []],
  ])('%j → scale %s', (values, scale, units) => {
    expect(quantitiesOf(values)).toEqual({ scale, units });
  });
  it.each([['-1'], ['1e3'], ['0.1.2'], [''], ['NaN']])('refuses %j', (value) => {
    expect(() => quantitiesOf([value])).toThrow(/non-negative decimal/);
  });
});
