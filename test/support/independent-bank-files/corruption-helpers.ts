// Helpers of the corruption catalogue (corruptions.ts) shared by its formats: a seeded choice among matches, a
// change of one capture group of one match, and values that differ by as little as a reader must still notice (an
// amount by its last digit, an IBAN by another valid one, an identifier by one character).
import { isValidIban, makeIban } from './iban.js';

export function pick(rng: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(rng() * n));
}

export interface Hit {
  index: number;
  match: RegExpExecArray;
}

export function hits(text: string, pattern: RegExp): Hit[] {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  const re = new RegExp(pattern.source, flags);
  const out: Hit[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push({ index: m.index, match: m });
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

export function splice(text: string, start: number, end: number, replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

/** Replaces capture group `group` of one randomly chosen match of `pattern` by `change(value)`. */
export function changeGroup(
  text: string,
  pattern: RegExp,
  group: number,
  rng: () => number,
  change: (value: string, match: RegExpExecArray) => string | null,
): string | null {
  const found = hits(text, pattern);
  if (found.length === 0) return null;
  const hit = found[pick(rng, found.length)];
  if (hit === undefined) return null;
  const value = hit.match[group];
  if (value === undefined) return null;
  const before = hit.match.slice(1, group).reduce((n, g) => n + (g ?? '').length, 0);
  const start = hit.index + before;
  const replacement = change(value, hit.match);
  if (replacement === null || replacement === value) return null;
  return splice(text, start, start + value.length, replacement);
}

/** Adds `units` to the last written digit of a decimal amount ("12.34" -> "12.35", "12," -> "13,"). */
export function bumpDecimal(value: string, units = 1n): string {
  const m = /^(\d+)([.,]?)(\d*)$/.exec(value);
  if (!m) return value;
  const [, whole = '0', sep = '', frac = ''] = m;
  const scaled = BigInt(whole + frac) + units;
  const digits = (scaled < 0n ? 0n : scaled).toString().padStart(frac.length + 1, '0');
  return frac.length === 0 ? `${digits}${sep}` : `${digits.slice(0, -frac.length)}${sep}${digits.slice(-frac.length)}`;
}

/** Another IBAN of the same country and length with valid check digits (or null when `iban` is not one). */
export function otherValidIban(iban: string): string | null {
  if (!isValidIban(iban)) return null;
  const country = iban.slice(0, 2);
  const bban = iban.slice(4);
  const last = bban.slice(-1);
  const next = /\d/.test(last)
    ? String((Number(last) + 1) % 10)
    : last === 'Z'
      ? 'A'
      : String.fromCharCode(last.charCodeAt(0) + 1);
  return makeIban(country, bban.slice(0, -1) + next);
}

export function otherIdentifier(value: string): string {
  const iban = otherValidIban(value);
  if (iban !== null) return iban;
  const m = /^(.*?)(\d)(\D*)$/.exec(value);
  if (m) return `${m[1]}${(Number(m[2]) + 1) % 10}${m[3]}`;
  return `${value.slice(0, -1)}${value.endsWith('X') ? 'Y' : 'X'}`;
}
