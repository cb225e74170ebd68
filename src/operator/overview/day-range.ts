import { validation } from '../../domain/errors.js';
import { limits } from '../../limits.js';
import { dayMs } from './repo.js';

// The daily figures' window: whole UTC days, from and to inclusive, written YYYY-MM-DD. Bounded so that one read
// stays small and a chart stays legible: at most limits.dailyStatsRangeMaxDays days (92 covers any calendar quarter).

export interface DayRange {
  readonly from: string;
  readonly to: string;
  /** [startMs, endMs): midnight UTC of `from`, midnight UTC after `to`. */
  readonly startMs: number;
  readonly endMs: number;
  /** Every day of the window, in order. */
  readonly days: readonly string[];
}

/** The UTC midnight of a YYYY-MM-DD that names a real day, or undefined (2025-02-30 does not). */
function midnightOf(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === day ? ms : undefined;
}

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function dayRange(from: string, to: string): DayRange {
  const startMs = midnightOf(from);
  const lastMs = midnightOf(to);
  if (startMs === undefined) throw validation(`from must be a day written YYYY-MM-DD: ${from} is not one`);
  if (lastMs === undefined) throw validation(`to must be a day written YYYY-MM-DD: ${to} is not one`);
  if (lastMs < startMs) throw validation('to must not be before from');
  const count = (lastMs - startMs) / dayMs + 1;
  if (count > limits.dailyStatsRangeMaxDays) {
    throw validation(`The range holds ${count} days; at most ${limits.dailyStatsRangeMaxDays} are shown at once`);
  }
  const days = Array.from({ length: count }, (_, i) => dayOf(startMs + i * dayMs));
  return { from, to, startMs, endMs: lastMs + dayMs, days };
}
