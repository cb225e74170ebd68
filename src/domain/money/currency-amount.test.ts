import { describe, expect, it } from 'vitest';
import {
  amountFromDecimal,
  amountFromJson,
  amountToDecimal,
  amountToJson,
  scaleOf,
  UnknownCurrencyError,
} from './currency-amount.js';

describe('scaleOf', () => {
  it.each([
    ['EUR', 2],
    ['BTC', 8],
    ['USDC', 6],
  ])('%s has %i decimals', (currency, scale) => {
    expect(scaleOf(currency)).toBe(scale);
  });

  it.each(['XXX', '', 'eur'])('refuses %j, which the catalogue does not know', (currency) => {
    expect(() => scaleOf(currency)).toThrow(UnknownCurrencyError);
  });
});

describe('amounts across the boundary', () => {
  it.each([
    [1250n, 'EUR', 12.5, '12.5'],
    [1n, 'EUR', 0.01, '0.01'],
    [0n, 'EUR', 0, '0'],
    [-205n, 'EUR', -2.05, '-2.05'],
    [123456789n, 'BTC', 1.23456789, '1.23456789'],
    [100n, 'KES', 1, '1'],
  ])('%s minor %s is %s on the wire and %s as a decimal', (minor, currency, json, decimal) => {
    expect(amountToJson(minor, currency)).toBe(json);
    expect(amountToDecimal(minor, currency)).toBe(decimal);
    expect(amountFromJson(json, currency)).toEqual({ ok: true, minor });
    expect(amountFromDecimal(decimal, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    [12.345, 'EUR', 'has more than 2 decimal places'],
    [10, 'XXX', 'is in XXX, which is not a supported currency'],
  ])('refuses %s %s: %s', (value, currency, reason) => {
    expect(amountFromJson(value, currency)).toEqual({ ok: false, reason });
    expect(amountFromDecimal(String(value), currency)).toEqual({ ok: false, reason });
  });

  it('refuses to write an amount in an unknown currency rather than scale it by zero', () => {
    expect(() => amountToJson(100n, 'XXX')).toThrow(UnknownCurrencyError);
    expect(() => amountToDecimal(100n, 'XXX')).toThrow(UnknownCurrencyError);
  });
});
