import { limits } from '../../limits.js';
import { decimalOf, grouped } from './quantity.js';

// The value axis: ticks at round values (1, 2 or 5 times a power of ten, in the values' own scale), at most
// `limits.chartAxisIntervalsMax` intervals from zero to the first tick at or above the largest value. Labels are
// exact and short: past a thousand a common suffix (k, M, B, T) divides every label of the axis by the same power of
// a thousand.

export interface Axis {
  /** The top of the axis, at the values' scale: a whole number of steps, never below the largest value. */
  readonly top: bigint;
  /** Tick values from 0 to top, at the values' scale. */
  readonly ticks: readonly bigint[];
  /** The label of each tick, in the same order. */
  readonly labels: readonly string[];
}

const multipliers = [1n, 2n, 5n];
const suffixes = ['', 'k', 'M', 'B', 'T'];

/** The smallest round step (1, 2 or 5 times 10^k units, k ≥ 0) covering `largest` in chartAxisIntervalsMax steps. */
export function roundStep(largest: bigint): bigint {
  for (let power = 1n; ; power *= 10n) {
    for (const m of multipliers) {
      const step = m * power;
      if (step * BigInt(limits.chartAxisIntervalsMax) >= largest) return step;
    }
  }
}

export function axisOf(largest: bigint, scale: number): Axis {
  const step = roundStep(largest > 0n ? largest : 1n);
  const intervals = largest > 0n ? (largest + step - 1n) / step : 1n;
  const top = step * intervals;
  const ticks = Array.from({ length: Number(intervals) + 1 }, (_, i) => step * BigInt(i));
  // The suffix is chosen by the top tick, so that one axis speaks one unit; every tick is a multiple of the step,
  // so dividing by a power of a thousand stays exact (decimalOf writes the digits, no rounding).
  const wholeDigits = decimalOf(top, scale).split('.')[0]?.length ?? 1;
  const thousands = Math.min(Math.floor((wholeDigits - 1) / 3), suffixes.length - 1);
  const labels = ticks.map((tick) => {
    const text = decimalOf(tick, scale + 3 * thousands);
    return tick === 0n ? '0' : `${grouped(text)}${suffixes[thousands]}`;
  });
  return { top, ticks, labels };
}
