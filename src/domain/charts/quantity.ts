import { decimalOfMinor, minorOfDecimal } from '../money/amount.js';

// A chart's values are exact decimal strings ("0.3", "12", "1234567890123456789.01"): money volumes as the money
// boundary writes them (amountToDecimal), counts as integers. Inside, they are integers at one common scale (the
// most decimal places any value has), so sums, the largest value and the axis ticks are exact; only the pixel
// geometry is a float, and it is only drawn.

export interface Quantities {
  /** Decimal places of the integers below. */
  readonly scale: number;
  /** One integer per value, at `scale`. */
  readonly units: readonly bigint[];
}

const decimalPattern = /^\d+(?:\.\d+)?$/;

/** Exact non-negative decimal strings to integers at their common scale; anything else is a caller's bug. */
export function quantitiesOf(values: readonly string[]): Quantities {
  const scale = values.reduce((most, value) => {
    if (!decimalPattern.test(value)) throw new Error(`a chart value must be a non-negative decimal string: ${value}`);
    const fraction = value.split('.')[1]?.replace(/0+$/, '') ?? '';
    return Math.max(most, fraction.length);
  }, 0);
  const units = values.map((value) => {
    const parsed = minorOfDecimal(value, scale);
    if (!parsed.ok) throw new Error(`a chart value ${parsed.reason}: ${value}`);
    return parsed.minor;
  });
  return { scale, units };
}

/** Integers at `scale` back to the exact decimal string ("1250" at 2 → "12.5"). */
export const decimalOf = (units: bigint, scale: number): string => decimalOfMinor(units, scale);

/** Thousands grouped for reading: "1234567.5" → "1,234,567.5". */
export function grouped(decimal: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

export const sumOf = (units: readonly bigint[]): bigint => units.reduce((a, b) => a + b, 0n);

// biome-ignore lint/complexity/useMathMinMax: Math.max does not take bigints
export const maxOf = (units: readonly bigint[]): bigint => units.reduce((a, b) => (b > a ? b : a), 0n);

/** value / whole as a fraction in [0, 1], to six decimals, computed on the integers (exact for any size). */
export function share(value: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((value * 1_000_000n) / whole) / 1_000_000;
}
