import { quantitiesOf } from './quantity.js';

// What every chart here draws: one value per UTC day for each of a few series, the values exact decimal strings in
// one unit. A bar chart is the one-series case; the stacked chart puts its series on top of each other per day.

export interface DaySeries {
  /** The series' name, as the legend and the table's column say it ("Delivered", "Orders"). */
  readonly name: string;
  /** One exact non-negative decimal string per day ("0.3", "12"), in the order of the chart's days. */
  readonly values: readonly string[];
}

export interface DayChart {
  /** Unique on the page: it prefixes the ids of the title, the description and the patterns. */
  readonly id: string;
  readonly title: string;
  /** What the values count or measure: "EUR", "orders", "deliveries". */
  readonly unit: string;
  /** UTC days, YYYY-MM-DD, in order. */
  readonly days: readonly string[];
  readonly series: readonly DaySeries[];
}

/** A chart's values as integers at one common scale: units[series][day]. */
export interface ExactChart {
  readonly chart: DayChart;
  readonly scale: number;
  readonly units: readonly (readonly bigint[])[];
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the chart's shape (a caller's bug otherwise) and reads its values exactly. */
export function exactChart(chart: DayChart): ExactChart {
  if (chart.series.length === 0) throw new Error('a chart needs at least one series');
  for (const day of chart.days) if (!dayPattern.test(day)) throw new Error(`a chart day must be YYYY-MM-DD: ${day}`);
  for (const s of chart.series) {
    if (s.values.length !== chart.days.length) {
      throw new Error(`series ${s.name} has ${s.values.length} values for ${chart.days.length} days`);
    }
  }
  const { scale, units } = quantitiesOf(chart.series.flatMap((s) => s.values));
  const perSeries = chart.series.map((_, i) => units.slice(i * chart.days.length, (i + 1) * chart.days.length));
  return { chart, scale, units: perSeries };
}

/** Each day's total over the series. */
export const dayTotals = (exact: ExactChart): bigint[] =>
  exact.chart.days.map((_, day) => exact.units.reduce((sum, series) => sum + (series[day] ?? 0n), 0n));
