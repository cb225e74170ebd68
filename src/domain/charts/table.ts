import { type DayChart, dayTotals, exactChart } from './day-chart.js';
import { escapeMarkup, longDay } from './markup.js';
import { decimalOf, grouped } from './quantity.js';

// The same data as an HTML table: for screen readers, for a page without SVG, and for whoever would rather read
// numbers. One row per day, one column per series (and a total when there are several), every text escaped.

export function chartTable(chart: DayChart): string {
  const exact = exactChart(chart);
  const { scale, units } = exact;
  const several = chart.series.length > 1;
  const value = (v: bigint) => `<td>${escapeMarkup(grouped(decimalOf(v, scale)))}</td>`;
  const head = [
    '<th scope="col">Day</th>',
    ...chart.series.map((s) => `<th scope="col">${escapeMarkup(s.name)}</th>`),
    ...(several ? ['<th scope="col">Total</th>'] : []),
  ].join('');
  const totals = dayTotals(exact);
  const rows = chart.days.map((day, d) => {
    const cells = units.map((series) => value(series[d] ?? 0n)).join('');
    return `<tr><th scope="row">${escapeMarkup(longDay(day))}</th>${cells}${several ? value(totals[d] ?? 0n) : ''}</tr>`;
  });
  const body = rows.length > 0 ? rows.join('\n') : `<tr><td colspan="${chart.series.length + 1}">No days</td></tr>`;
  return (
    `<table class="chart-table"><caption>${escapeMarkup(chart.title)} (${escapeMarkup(chart.unit)})</caption>\n` +
    `<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table>`
  );
}
