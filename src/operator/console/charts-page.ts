import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { DayChart } from '../../domain/charts/day-chart.js';
import { barChartSvg, stackedBarChartSvg } from '../../domain/charts/svg.js';
import { chartTable } from '../../domain/charts/table.js';
import { esc } from '../../domain/html.js';
import { amountToDecimal } from '../../domain/money/currency-amount.js';
import { type DailyFigures, dailyFigures } from '../overview/service.js';
import { requirePermission } from './auth.js';
import { sendConsolePage } from './layout.js';

// Charts (operator console issue, item 3: "volume and count per day and currency, event deliveries by outcome, drawn
// as SVG on the server"): the daily figures of GET /admin/v1/stats/daily, drawn by domain/charts, each with the same
// data as a table under it for those who would rather read (and for screen readers). No script: the choices are a
// GET form.

const kinds = ['orders', 'deposits', 'withdrawals'] as const;
type Kind = (typeof kinds)[number];
const kindTitles: Record<Kind, string> = {
  orders: 'Orders completed',
  deposits: 'Deposits received',
  withdrawals: 'Withdrawals paid out',
};
const spans = [7, 30, 92] as const;
const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface ChartsQuery {
  kind?: string;
  currency?: string;
  days?: string;
  workspaceId?: string;
}

const querySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    kind: { type: 'string', maxLength: 20 },
    currency: { type: 'string', maxLength: 10 },
    days: { type: 'string', maxLength: 3 },
    workspaceId: { type: 'string', maxLength: 64 },
  },
} as const;

/** The figure and its chart, followed by the same numbers as a table. */
const figure = (svg: string, chart: DayChart) =>
  `<figure class="chart">${svg}<details><summary>The numbers</summary><div class="table-wrap">${chartTable(chart)}</div></details></figure>`;

function moneyCharts(figures: DailyFigures, kind: Kind, currency: string): string {
  const days = figures.days.map((d) => d.day);
  const of = (day: (typeof figures.days)[number]) => day[kind].find((f) => f.currency === currency);
  const volume: DayChart = {
    id: `${kind}-volume`,
    title: `${kindTitles[kind]}: volume per day`,
    unit: currency,
    days,
    series: [{ name: 'Volume', values: figures.days.map((d) => amountToDecimal(of(d)?.volumeMinor ?? 0n, currency)) }],
  };
  const count: DayChart = {
    id: `${kind}-count`,
    title: `${kindTitles[kind]}: count per day`,
    unit: kind,
    days,
    series: [{ name: 'Count', values: figures.days.map((d) => String(of(d)?.count ?? 0)) }],
  };
  const [volumeSeries] = volume.series;
  const [countSeries] = count.series;
  return (
    figure(barChartSvg({ ...volume, name: 'Volume', values: volumeSeries?.values ?? [] }), volume) +
    figure(barChartSvg({ ...count, name: 'Count', values: countSeries?.values ?? [] }), count)
  );
}

function deliveriesChart(figures: DailyFigures): string {
  const chart: DayChart = {
    id: 'deliveries',
    title: 'Event deliveries by outcome',
    unit: 'deliveries',
    days: figures.days.map((d) => d.day),
    series: [
      { name: 'Delivered', values: figures.days.map((d) => String(d.deliveries.delivered)) },
      { name: 'Failed attempt', values: figures.days.map((d) => String(d.deliveries.failed)) },
      { name: 'Pending', values: figures.days.map((d) => String(d.deliveries.pending)) },
    ],
  };
  return figure(stackedBarChartSvg(chart), chart);
}

const option = (value: string, label: string, chosen: string) =>
  `<option value="${esc(value)}"${value === chosen ? ' selected' : ''}>${esc(label)}</option>`;

export async function chartsPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: ChartsQuery }>(
    '/console/charts',
    { schema: { hide: true, querystring: querySchema }, preHandler: requirePermission('admin.stats.daily') },
    async (request, reply) => {
      const kind: Kind = (kinds as readonly string[]).includes(request.query.kind ?? '')
        ? (request.query.kind as Kind)
        : 'orders';
      const span = spans.find((s) => String(s) === request.query.days) ?? 30;
      const workspaceId = request.query.workspaceId?.trim() || undefined;
      const todayMs = ctx.clock.nowMs();
      const figures = await dailyFigures(ctx.db, {
        from: isoDay(todayMs - (span - 1) * dayMs),
        to: isoDay(todayMs),
        workspaceId,
      });
      const currencies = [...new Set(figures.days.flatMap((d) => d[kind].map((f) => f.currency)))].sort();
      const currency = currencies.includes(request.query.currency ?? '')
        ? (request.query.currency as string)
        : currencies[0];
      const form = `<form class="filters" method="get" action="/console/charts">
<label>What <select name="kind">${kinds.map((k) => option(k, kindTitles[k], kind)).join('')}</select></label>
<label>Currency <select name="currency">${
        currencies.length === 0
          ? '<option value="">none yet</option>'
          : currencies.map((c) => option(c, c, currency ?? '')).join('')
      }</select></label>
<label>Days <select name="days">${spans.map((s) => option(String(s), `last ${s}`, String(span))).join('')}</select></label>
<label>Workspace <input name="workspaceId" value="${esc(workspaceId ?? '')}" placeholder="all workspaces"></label>
<button type="submit">Show</button>
</form>`;
      const money =
        currency === undefined
          ? `<p>No ${esc(kindTitles[kind].toLowerCase())} in these ${span} days.</p>`
          : moneyCharts(figures, kind, currency);
      return sendConsolePage(reply, {
        title: 'Charts',
        operator: request.operator,
        current: '/console/charts',
        body: `<h1>Charts</h1>
<p>UTC days, ${esc(figures.from)} to ${esc(figures.to)}${workspaceId ? `, workspace ${esc(workspaceId)}` : ', all workspaces'}.</p>
${form}
<h2>${esc(kindTitles[kind])}${currency ? ` in ${esc(currency)}` : ''}</h2>
${money}
<h2>Event deliveries</h2>
${deliveriesChart(figures)}`,
      });
    },
  );
}
