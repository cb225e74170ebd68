import { dayTotals, type ExactChart } from './day-chart.js';
import { longDay } from './markup.js';
import { decimalOf, grouped, maxOf, sumOf } from './quantity.js';

// The chart's <desc>: what a screen reader says instead of the picture. It names the span, and for each series its
// total and its highest day, then how many days had nothing; the table (table.ts) gives every value.

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryOf(exact: ExactChart): string {
  const { chart, scale, units } = exact;
  const { days, unit } = chart;
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return `${chart.title}: no days to show.`;
  const amount = (value: bigint) => `${grouped(decimalOf(value, scale))} ${unit}`;
  const span = days.length === 1 ? `on ${longDay(first)}` : `from ${longDay(first)} to ${longDay(last)}`;
  const parts = chart.series.map((series, i) => {
    const values = units[i] ?? [];
    const highest = maxOf(values);
    const total = `${series.name}: ${amount(sumOf(values))} in total`;
    if (highest === 0n) return total;
    const day = days[values.indexOf(highest)] as string;
    return `${total}, the most ${amount(highest)} on ${longDay(day)}`;
  });
  const empty = dayTotals(exact).filter((total) => total === 0n).length;
  return `${chart.title}, ${plural(days.length, 'day')} ${span}. ${parts.join('; ')}. ${plural(empty, 'day')} with none.`;
}
