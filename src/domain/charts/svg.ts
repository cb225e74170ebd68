import { limits } from '../../limits.js';
import { axisOf } from './axis.js';
import { type DayChart, dayTotals, type ExactChart, exactChart } from './day-chart.js';
import { coordinate as c, escapeMarkup, longDay, safeId, shortDay } from './markup.js';
import { fillOf, gridColour, inkColour, lookOf } from './palette.js';
import { decimalOf, grouped, maxOf, share } from './quantity.js';
import { summaryOf } from './summary.js';

// Bar charts of values per UTC day, drawn as SVG on the server (operator console issue, item 3: "drawn as SVG on the
// server, no chart service"). Pure: the same chart gives the same bytes. Sized by its viewBox with width 100%, so
// it scales to its container (375 px to 1280 px); role="img" with a <title> and a <desc> that summarises the data,
// and each bar has its own <title> with its exact value. chartTable (table.ts) gives the same data as a table.

/** The drawing's own coordinate system; the page scales it. */
export const viewWidth = 640;
export const viewHeight = 320;
const plot = { left: 76, right: viewWidth - 12, top: 44, bottom: viewHeight - 36 };
const plotHeight = plot.bottom - plot.top;
/** A value above zero is drawn at least this tall, however small beside the largest: it is there. */
const visibleMinHeight = 1;

export interface BarChart extends Omit<DayChart, 'series'> {
  /** The series' name, as the legend and the table say it. */
  readonly name: string;
  readonly values: readonly string[];
}

/** One series per day. */
export const barChartSvg = (chart: BarChart): string =>
  dayChartSvg({ ...chart, series: [{ name: chart.name, values: chart.values }] });

/** The same bars as chartTable's rows (table.ts) for a bar chart. */
export const asDayChart = (chart: BarChart): DayChart => ({
  ...chart,
  series: [{ name: chart.name, values: chart.values }],
});

/** Several series per day, stacked in their order from the axis up (deliveries by outcome). */
export const stackedBarChartSvg = (chart: DayChart): string => dayChartSvg(chart);

function dayChartSvg(chart: DayChart): string {
  const exact = exactChart(chart);
  const id = safeId(chart.id);
  const axis = axisOf(maxOf(dayTotals(exact)), exact.scale);
  const fills = chart.series.map((_, i) => fillOf(lookOf(i), `${id}-fill-${i}`));
  const defs = fills.map((f) => f.defs).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${viewWidth} ${viewHeight}" width="100%"` +
      ` preserveAspectRatio="xMidYMid meet" role="img" aria-labelledby="${id}-title ${id}-desc"` +
      ` font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="13" fill="${inkColour}">`,
    `<title id="${id}-title">${escapeMarkup(chart.title)}</title>`,
    `<desc id="${id}-desc">${escapeMarkup(summaryOf(exact))}</desc>`,
    ...(defs ? [`<defs>${defs}</defs>`] : []),
    gridOf(
      axis.ticks.map((tick) => share(tick, axis.top)),
      axis.labels,
      chart.unit,
    ),
    barsOf(
      exact,
      axis.top,
      fills.map((f) => f.fill),
    ),
    `<line x1="${plot.left}" y1="${plot.bottom}" x2="${plot.right}" y2="${plot.bottom}" stroke="${inkColour}"/>`,
    dayLabelsOf(chart.days),
    legendOf(
      chart,
      fills.map((f) => f.fill),
    ),
    '</svg>',
  ].join('\n');
}

const yOf = (fraction: number) => plot.bottom - fraction * plotHeight;

function gridOf(fractions: readonly number[], labels: readonly string[], unit: string): string {
  const lines = fractions.map((fraction, i) => {
    const y = c(yOf(fraction));
    const label = escapeMarkup(labels[i] ?? '');
    return (
      `<line x1="${plot.left}" y1="${y}" x2="${plot.right}" y2="${y}" stroke="${gridColour}"/>` +
      `<text x="${plot.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${label}</text>`
    );
  });
  const unitLabel = `<text x="${plot.left - 6}" y="${plot.top - 14}" text-anchor="end">${escapeMarkup(unit)}</text>`;
  return `<g class="value-axis">${lines.join('')}${unitLabel}</g>`;
}

function barsOf(exact: ExactChart, top: bigint, fills: readonly string[]): string {
  const { chart, scale, units } = exact;
  const slot = (plot.right - plot.left) / Math.max(chart.days.length, 1);
  const width = Math.max(slot * 0.7, 1);
  const rects = chart.days.flatMap((day, d) => {
    const x = c(plot.left + d * slot + (slot - width) / 2);
    let below = 0n;
    return chart.series.flatMap((series, s) => {
      const value = units[s]?.[d] ?? 0n;
      if (value === 0n) return [];
      const base = yOf(share(below, top));
      below += value;
      const height = Math.max(base - yOf(share(below, top)), visibleMinHeight);
      const look = lookOf(s);
      const said = `${longDay(day)}, ${series.name}: ${grouped(decimalOf(value, scale))} ${chart.unit}`;
      return [
        `<rect x="${x}" y="${c(base - height)}" width="${c(width)}" height="${c(height)}" fill="${fills[s]}"` +
          ` stroke="${look.colour}" stroke-width="1"><title>${escapeMarkup(said)}</title></rect>`,
      ];
    });
  });
  if (chart.days.length === 0) {
    const middle = c((plot.left + plot.right) / 2);
    return `<g class="bars"><text x="${middle}" y="${c(yOf(0.5))}" text-anchor="middle">No days to show</text></g>`;
  }
  return `<g class="bars">${rects.join('')}</g>`;
}

function dayLabelsOf(days: readonly string[]): string {
  const slot = (plot.right - plot.left) / Math.max(days.length, 1);
  const every = Math.max(Math.ceil(days.length / limits.chartDayLabelsMax), 1);
  const labels = days.flatMap((day, d) =>
    d % every === 0
      ? [
          `<text x="${c(plot.left + d * slot + slot / 2)}" y="${plot.bottom + 20}" text-anchor="middle">` +
            `${escapeMarkup(shortDay(day))}</text>`,
        ]
      : [],
  );
  return `<g class="day-axis">${labels.join('')}</g>`;
}

/** The legend, above the plot: a swatch in each series' fill and its name, so patterns are named in words. */
function legendOf(chart: DayChart, fills: readonly string[]): string {
  let x = plot.left;
  const entries = chart.series.map((series, s) => {
    const look = lookOf(s);
    const entry =
      `<rect x="${c(x)}" y="10" width="14" height="14" fill="${fills[s]}" stroke="${look.colour}"/>` +
      `<text x="${c(x + 20)}" y="21">${escapeMarkup(series.name)}</text>`;
    // Text is not measured on the server: each entry takes room for its name at an average glyph width.
    x += 20 + series.name.length * 7.5 + 18;
    return entry;
  });
  return `<g class="legend">${entries.join('')}</g>`;
}
