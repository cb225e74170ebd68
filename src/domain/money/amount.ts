// Amounts are integer minor units (bigint) at the currency's precision. JSON numbers are turned into minor units
// once at the edge and back once on the way out; no arithmetic ever happens on floats.

import { limits } from '../../limits.js';

export type AmountParse = { ok: true; minor: bigint } | { ok: false; reason: string };

/**
 * The exact decimal a JSON number was written as. JSON.parse keeps the shortest decimal that round-trips, which is
 * the literal the client sent whenever it had at most 15 significant digits; longer literals are refused.
 */
export function decimalOfNumber(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText] = match;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  let digits = whole + fraction;
  let point = whole.length + exponent;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  const integerPart = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fractionPart = digits.slice(point).replace(/0+$/, '');
  return `${sign}${integerPart}${fractionPart ? `.${fractionPart}` : ''}`;
}

/** Parses an exact decimal string ("12.5", "-0.001") into minor units at the given precision. */
export function minorOfDecimal(decimal: string, precision: number): AmountParse {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) return { ok: false, reason: 'is not a decimal number' };
  const [, sign = '', whole = '', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > precision) {
    return { ok: false, reason: `has more than ${precision} decimal place${precision === 1 ? '' : 's'}` };
  }
  const minor = BigInt(whole + trimmed.padEnd(precision, '0'));
  return { ok: true, minor: sign === '-' ? -minor : minor };
}

/** A JSON number to minor units; refuses what cannot be carried exactly rather than rounding someone's money. */
export function minorOfNumber(value: number, precision: number): AmountParse {
  const decimal = decimalOfNumber(value);
  if (decimal === undefined) return { ok: false, reason: 'is not a finite number' };
  const significant = decimal.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  if (significant.length > limits.amountSignificantDigitsMax) {
    return { ok: false, reason: `has more than ${limits.amountSignificantDigitsMax} significant digits` };
  }
  return minorOfDecimal(decimal, precision);
}

/** Minor units to the exact decimal string, without trailing zeros ("1250" at 2 → "12.5"). */
export function decimalOfMinor(minor: bigint, precision: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const fraction = digits.slice(digits.length - precision).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Minor units to the JSON number written on the wire. Exact for every amount of at most 15 significant digits. */
export function numberOfMinor(minor: bigint, precision: number): number {
  return Number(decimalOfMinor(minor, precision));
}

export type Rounding = 'down' | 'up';

/** a * b / c for non-negative integers, rounded in the stated direction. */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  if (c <= 0n) throw new RangeError('mulDiv divisor must be positive');
  const product = a * b;
  const quotient = product / c;
  return rounding === 'up' && quotient * c !== product ? quotient + 1n : quotient;
}
