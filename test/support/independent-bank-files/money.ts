import type { Minor } from './types.js';

/** ISO 4217 minor-unit digits of the currencies the generator writes. */
const MINOR_DIGITS: Record<string, number> = {
  DEM: 2,
  EUR: 2,
  USD: 2,
  GBP: 2,
  CHF: 2,
  SEK: 2,
  DKK: 2,
  NOK: 2,
  PLN: 2,
  JPY: 0,
};

export function minorDigits(currency: string): number {
  const digits = MINOR_DIGITS[currency];
  if (digits === undefined) throw new Error(`no minor-unit digits known for ${currency}`);
  return digits;
}

/** Absolute value of a minor amount as a decimal string with the currency's digits: 12345n EUR -> "123.45". */
export function formatMinor(minor: Minor, currency: string, separator: '.' | ',' = '.'): string {
  const digits = minorDigits(currency);
  const abs = minor < 0n ? -minor : minor;
  if (digits === 0) return separator === ',' ? `${abs},` : `${abs}`;
  const text = abs.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}${separator}${text.slice(-digits)}`;
}

/** Parses a decimal string ("123.45", "123,4", "123,") into minor units of the currency; throws on excess digits. */
export function parseMinor(text: string, currency: string): Minor {
  const digits = minorDigits(currency);
  const match = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal amount: ${text}`);
  const fraction = match[3] ?? '';
  if (fraction.replace(/0+$/, '').length > digits) throw new Error(`${text} has more than ${digits} decimals`);
  const value = BigInt(`${match[2]}${fraction.padEnd(digits, '0').slice(0, digits)}`);
  return match[1] === '-' ? -value : value;
}

export function sumMinor(values: Iterable<Minor>): Minor {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}
