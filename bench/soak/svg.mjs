// The soak's picture, drawn as plain SVG text the way src/domain/charts draws the console's charts (no chart
// library): three panels over the run's time, p99 latency per kind (a log scale: a read's milliseconds and a
// webhook's lag share it), RSS and heap per process with the fitted memory trend over the second half, and
// throughput with the errors per second. Each series has its own colour (each at least 4.5:1 against white) and its
// own dash pattern, named in a legend, so the lines are told apart without colour; the <desc> says the verdict.
// Pure: the same results give the same bytes.

import { writeLimitError } from './intervals.mjs';
import { lineScale, logScale, timeTicks } from './scales.mjs';

const width = 960;
const panelHeight = 250;
const plot = { left: 72, right: width - 230, top: 34, bottom: panelHeight - 34 };
const header = 56;
const ink = '#2b2b2b';
const grid = '#d9d9d9';
const colours = ['#1f5f8b', '#a3251c', '#5b4a00', '#4b2a86', '#1b6e3a', '#8a3b00', '#005f6b', '#7a1f5c', '#44546a'];
const dashes = ['', '7 4', '2 3', '10 3 2 3'];
const MiB = 2 ** 20;

const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text) => String(text).replace(/[&<>"']/g, (ch) => entities[ch]);
/** A coordinate with at most two decimals, never "-0" (src/domain/charts/markup.ts). */
const c = (v) => {
  const r = Math.round(v * 100) / 100;
  return String(r === 0 ? 0 : r);
};
// Nine colours and four dash patterns: no two of the first 36 series look alike.
const look = (i) => ({ colour: colours[i % colours.length], dash: dashes[i % dashes.length] });

/** A polyline through the points with a value; a missing value breaks the line. */
function pathOf(points, x, y) {
  let d = '';
  let pen = 'M';
  for (const p of points) {
    if (typeof p.value !== 'number' || !Number.isFinite(p.value)) {
      pen = 'M';
      continue;
    }
    d += `${pen}${c(x(p.atS))} ${c(y(p.value))}`;
    pen = 'L';
  }
  return d;
}

/** One panel at vertical offset `top`: its grid, axes, series and legend. */
function panel({ top, title, unit, series, scale, durationS, trends = [], band }) {
  const x = (atS) => plot.left + (atS / durationS) * (plot.right - plot.left);
  const y = (v) => plot.bottom - scale.fraction(v) * (plot.bottom - plot.top);
  // A span of the run to pick out behind the series (a rolling rotation of SECRETS_KEY), with its name at the top.
  const shaded = band
    ? `<rect x="${c(x(band.fromS))}" y="${plot.top}" width="${c(Math.max(1, x(band.toS) - x(band.fromS)))}"` +
      ` height="${plot.bottom - plot.top}" fill="#fdf0d5"><title>${esc(band.name)}</title></rect>` +
      `<text x="${c(x(band.fromS) + 4)}" y="${plot.top + 12}">${esc(band.name)}</text>`
    : '';
  const grids = scale.ticks.map(
    (t) =>
      `<line x1="${plot.left}" y1="${c(y(t.value))}" x2="${plot.right}" y2="${c(y(t.value))}" stroke="${grid}"/>` +
      `<text x="${plot.left - 6}" y="${c(y(t.value))}" text-anchor="end" dominant-baseline="middle">${esc(t.label)}</text>`,
  );
  const times = timeTicks(durationS).map(
    (t) =>
      `<line x1="${c(x(t.atS))}" y1="${plot.bottom}" x2="${c(x(t.atS))}" y2="${plot.bottom + 4}" stroke="${ink}"/>` +
      `<text x="${c(x(t.atS))}" y="${plot.bottom + 18}" text-anchor="middle">${esc(t.label)}</text>`,
  );
  const lines = series.map((s, i) => {
    const { colour, dash } = s.look ?? look(i);
    const d = pathOf(s.points, x, y);
    if (d === '') return '';
    return (
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${s.width ?? 2}"` +
      `${dash ? ` stroke-dasharray="${dash}"` : ''}><title>${esc(s.name)}</title></path>`
    );
  });
  const legend = series.map((s, i) => {
    const { colour, dash } = s.look ?? look(i);
    const ly = plot.top + 4 + i * 18;
    return (
      `<line x1="${plot.right + 16}" y1="${ly}" x2="${plot.right + 46}" y2="${ly}" stroke="${colour}" stroke-width="2"` +
      `${dash ? ` stroke-dasharray="${dash}"` : ''}/>` +
      `<text x="${plot.right + 52}" y="${ly}" dominant-baseline="middle">${esc(s.name)}</text>`
    );
  });
  return [
    `<g class="panel" transform="translate(0 ${top})">`,
    `<text x="${plot.left}" y="18" font-weight="bold">${esc(title)}</text>`,
    `<text x="${plot.left - 6}" y="18" text-anchor="end">${esc(unit)}</text>`,
    shaded,
    ...grids,
    `<line x1="${plot.left}" y1="${plot.bottom}" x2="${plot.right}" y2="${plot.bottom}" stroke="${ink}"/>`,
    ...times,
    ...lines,
    trendLines(trends, x, y),
    ...legend,
    '</g>',
  ].join('\n');
}

/** The fitted trend lines: [{ name, fromS, toS, fromMiB, toMiB }] drawn thin and dark over the RSS panel. */
function trendLines(trends, x, y) {
  return trends
    .map(
      (t) =>
        `<line x1="${c(x(t.fromS))}" y1="${c(y(t.fromMiB))}" x2="${c(x(t.toS))}" y2="${c(y(t.toMiB))}" stroke="${ink}"` +
        ` stroke-width="1.5"><title>${esc(t.name)}</title></line>`,
    )
    .join('\n');
}

/** Bytes in MiB; a figure the sample lacks (a process gone, a probe file not yet written) stays missing. */
const mibOf = (bytes) => (typeof bytes === 'number' ? bytes / MiB : null);
const f1 = (v) => (v === null || v === undefined ? '-' : Number(v).toFixed(1));

/** The whole picture of a soak's results (as bench/soak/run.mjs writes them). */
export function soakSvg(results) {
  const { options, intervals, samples, webhooks, checks, passed } = results;
  const durationS = options.durationS;
  const rotation = results.rotation;
  const band = rotation
    ? { fromS: rotation.timeline[0]?.atS ?? 0, toS: rotation.endS ?? 0, name: 'SECRETS_KEY rotation' }
    : undefined;
  const end = (i) => (i + 1) * options.intervalS;
  // Token renewals (every 200 s) are in the JSON; as a line they would be a few dots.
  const kinds = [...new Set(intervals.flatMap((iv) => Object.keys(iv.byKind)))].filter((k) => k !== 'token').sort();
  const latency = kinds.map((kind) => ({
    name: kind,
    points: intervals.map((iv, i) => ({ atS: end(i), value: iv.byKind[kind]?.p99 ?? null })),
  }));
  latency.push({
    name: 'webhook lag',
    points: intervals.map((_, i) => ({ atS: end(i), value: webhooks.lag.perInterval.find((r) => r.index === i)?.p99 })),
  });
  const labels = Object.keys(samples[0]?.processes ?? {});
  const memory = labels.flatMap((label, p) => [
    {
      name: `${label} RSS`,
      look: { colour: colours[p], dash: '' },
      points: samples.map((s) => ({ atS: s.atS, value: mibOf(s.processes[label].rssBytes) })),
    },
    {
      name: `${label} heap used`,
      look: { colour: colours[p], dash: '7 4' },
      points: samples.map((s) => ({ atS: s.atS, value: mibOf(s.processes[label].heapUsedBytes) })),
    },
  ]);
  const trends = labels
    .map((label) => ({ label, t: checks.memory.trends[label] }))
    .filter(({ t }) => t.slopeMiBPerHour !== undefined)
    .map(({ label, t }) => ({
      ...t,
      name: `${label} trend: ${f1(t.slopeMiBPerHour)} MiB/h (limit ${f1(t.thresholdMiBPerHour)})`,
    }));
  const perSecond = (n) => n / options.intervalS;
  const sumErrors = (iv, allowed) =>
    Object.entries(iv.errors)
      .filter(([key]) => (key === writeLimitError) === allowed)
      .reduce((sum, [, n]) => sum + n, 0);
  const flow = [
    { name: 'requests/s', points: intervals.map((iv, i) => ({ atS: end(i), value: iv.perSecond })) },
    {
      name: 'webhook deliveries/s',
      points: intervals.map((iv, i) => ({ atS: end(i), value: perSecond(iv.webhookDeliveries ?? 0) })),
    },
    {
      name: 'write-limit refusals/s',
      points: intervals.map((iv, i) => ({ atS: end(i), value: perSecond(sumErrors(iv, true)) })),
    },
    {
      name: 'other errors/s',
      points: intervals.map((iv, i) => ({ atS: end(i), value: perSecond(sumErrors(iv, false)) })),
    },
  ];
  const valuesOf = (series) =>
    series.flatMap((s) => s.points.map((p) => p.value)).filter((v) => typeof v === 'number' && Number.isFinite(v));
  const slopes = trends.map((t) => t.name).join('; ');
  const verdict = passed
    ? 'passed'
    : `failed (${Object.keys(checks)
        .filter((k) => !checks[k].ok)
        .join(', ')})`;
  const summary =
    `Soak of ${durationS / 60} min at ${options.rate} requests/s on two server processes: ${verdict}. ` +
    `Memory: ${slopes}. Errors other than the write limit: ${Object.keys(checks.errors.unexpected).length === 0 ? 'none' : JSON.stringify(checks.errors.unexpected)}.` +
    (rotation
      ? ` A rolling rotation of SECRETS_KEY from ${f1(band.fromS)} s to ${f1(band.toS)} s: ${rotation.status.at(-1)}.`
      : '');
  const height = header + 3 * panelHeight;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"` +
      ` role="img" aria-labelledby="soak-title soak-desc"` +
      ` font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="12" fill="${ink}">`,
    `<title id="soak-title">Soak ${esc(results.startedAt)}</title>`,
    `<desc id="soak-desc">${esc(summary)}</desc>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${plot.left}" y="24" font-size="15" font-weight="bold">${esc(
      `Soak ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC: ${durationS / 60} min at ${options.rate} req/s, ` +
        `two processes, one PostgreSQL: ${verdict}`,
    )}</text>`,
    `<text x="${plot.left}" y="44">${esc(`Memory trend over the second half: ${slopes}`)}</text>`,
    panel({
      top: header,
      title: 'p99 latency per kind (interval ends; log scale)',
      unit: 'ms',
      series: latency,
      scale: logScale(valuesOf(latency)),
      durationS,
      band,
    }),
    panel({
      top: header + panelHeight,
      title: 'Memory per process: RSS (solid), heap used (dashed), fitted RSS trend (thin)',
      unit: 'MiB',
      series: memory,
      scale: lineScale(valuesOf(memory)),
      durationS,
      trends,
      band,
    }),
    panel({
      top: header + 2 * panelHeight,
      title: 'Throughput and errors per interval',
      unit: 'per s',
      series: flow,
      scale: lineScale(valuesOf(flow)),
      durationS,
      band,
    }),
    '</svg>',
  ].join('\n');
}
