// The printed table: every scenario beside the ceiling it is compared with, the ratio of their medians and the
// issue's target for it; absolute targets (lag, list, count, memory, logging cost) against their bound. The same
// rows go into the results JSON, so docs/performance.md can quote either.

import { fmt } from './measure.mjs';
import { growthRows, printGrowth, startupRows } from './report-growth.mjs';

const MiB = 2 ** 20;

/** The targets of the performance issue (#15): [scenario, ceiling, minimum ratio]. */
const ratioTargets = [
  ['get-order', 'D-read', 0.75],
  ['quotes', 'D-insert', 0.8],
  ['orders', 'B-insert', 0.35],
  ['deposits', 'B-insert', 0.5],
  ['withdrawals-1', 'C-ledger-1', 0.6],
  ['withdrawals-32', 'C-ledger-32', 0.5],
  ['deposits-pglite', 'B-insert-pglite', 0.4],
];

/** Server CPU per answered request (ms) no larger than this. */
const cpuTargets = [['list', 0.6]];

/** Absolute targets on p99 (ms). */
const latencyTargets = [
  ['webhook-lag', 'offered', 100],
  ['list', 'D-read', 20],
  ['count', 'D-read', 100],
];

/** Ceilings listed for reference, each with the ceiling it is itself read against (if any). */
const references = [
  ['A-constant', null],
  ['A-constant-nolog', null],
  ['D-read', 'A-constant'],
  ['get-order-log-pair', 'D-read'],
  ['get-order-nolog', 'get-order-log-pair'],
  ['D-insert', 'B-insert'],
  ['B-insert', null],
  ['C-update-1', null],
  ['C-ledger-1', 'C-update-1'],
  ['C-update-32', null],
  ['C-ledger-32', 'C-update-32'],
  ['C-one-statement-32', 'C-ledger-32'],
  ['B-insert-pglite', null],
  ['D-insert-pglite', 'B-insert-pglite'],
  // Scale-out: two workers read against one process (no target on two shared cores).
  ['scale-get-1', 'D-read'],
  ['scale-get-2', 'scale-get-1'],
  ['scale-deposits-1', 'B-insert'],
  ['scale-deposits-2', 'scale-deposits-1'],
  // The request log pair: off against ceiling B, on against off (its cost is a row of its own below).
  ['rl-deposits-off', 'B-insert'],
  ['rl-deposits-on', 'rl-deposits-off'],
  // Group commit (issue 32): each against ceiling B, the lone requests on against off.
  ['gc-deposits-off', 'B-insert'],
  ['gc-deposits-on', 'B-insert'],
  ['gc-orders-off', 'B-insert'],
  ['gc-orders-on', 'B-insert'],
  ['gc-lone-off', null],
  ['gc-lone-on', 'gc-lone-off'],
  // Withdrawals grouped? Debits a second, several a statement against one a statement.
  ['C-distinct-one-8', null],
  ['C-distinct-grouped-2', 'C-distinct-one-8'],
  ['C-distinct-grouped-8', 'C-distinct-one-8'],
  ['C-hot-one-8', null],
  ['C-hot-folded-8', 'C-hot-one-8'],
];

export function buildRows(results) {
  const m = results.measurements;
  const med = (id) => m[id]?.median;
  const rows = [];
  const row = (id, ceilingId, target) => {
    const s = med(id);
    if (!s) return;
    // The lag run's ceiling is the rate it offered: delivered/offered says whether the dispatcher kept up.
    const c =
      ceilingId === 'offered'
        ? { rps: results.settings.webhookEventsPerSecond }
        : ceilingId
          ? med(ceilingId)
          : undefined;
    const ratio = c?.rps ? s.rps / c.rps : null;
    const r = {
      id,
      label: m[id].label,
      connections: m[id].connections,
      rps: s.rps,
      p50: s.p50,
      p99: s.p99,
      errors: s.errors,
      runs: s.runs,
      ceiling: ceilingId && c ? ceilingId : null,
      ceilingRps: c?.rps ?? null,
      ratio,
      serverCpuMsPerRequest: s.serverCpuMsPerRequest ?? null,
      databaseCpuMsPerRequest: s.databaseCpuMsPerRequest ?? null,
      machineBusy: s.machineBusy ?? null,
    };
    if (target?.ratio !== undefined) {
      r.target = `>= ${target.ratio * 100}% of ${ceilingId}`;
      r.met = ratio !== null && ratio >= target.ratio && s.errors === 0;
    }
    if (target?.p99 !== undefined) {
      r.target = `p99 < ${target.p99} ms`;
      r.met = s.p99 !== null && s.p99 < target.p99 && s.errors === 0;
    }
    rows.push(r);
  };
  const extra = [];
  for (const [id, ceiling] of references) row(id, ceiling);
  for (const [id, ceiling, ratio] of ratioTargets) row(id, ceiling, { ratio });
  for (const [id, ceiling, p99] of latencyTargets) row(id, ceiling, { p99 });
  for (const [id, maxMs] of cpuTargets) {
    const s = med(id);
    if (s?.serverCpuMsPerRequest === undefined) continue;
    extra.push({
      id: `${id}-server-cpu`,
      label: `${m[id].label}: server CPU per request`,
      value: `${s.serverCpuMsPerRequest.toFixed(2)} ms`,
      target: `<= ${maxMs} ms`,
      met: s.serverCpuMsPerRequest <= maxMs,
    });
  }

  const logCost = (withLogs, without) =>
    med(withLogs)?.rps && med(without)?.rps ? 1 - med(withLogs).rps / med(without).rps : null;
  const apiLogCost = logCost('get-order-log-pair', 'get-order-nolog');
  if (apiLogCost !== null) {
    // A negative cost is noise between two processes, not logging that speeds things up: no verdict then.
    extra.push({
      id: 'logging-cost',
      label: 'request logging cost, GET /v1/orders/{id} (pair of fresh servers, info vs warn)',
      value: `${fmt(apiLogCost * 100)}%`,
      target: '<= 10%',
      met: apiLogCost < 0 ? undefined : apiLogCost <= 0.1,
    });
  }
  const constantLogCost = logCost('A-constant', 'A-constant-nolog');
  if (constantLogCost !== null) {
    extra.push({
      id: 'logging-cost-constant',
      label: 'request logging cost, constant route (A info vs warn)',
      value: `${fmt(constantLogCost * 100)}%`,
      target: 'reference',
    });
  }
  const requestLogCost = logCost('rl-deposits-on', 'rl-deposits-off');
  if (requestLogCost !== null) {
    extra.push({
      id: 'request-log-cost',
      label: 'partner request log cost, keyed POST /v1/deposits (pair of fresh servers, on vs off)',
      value: `${fmt(requestLogCost * 100)}%`,
      target: '<= 5%',
      met: requestLogCost < 0 ? undefined : requestLogCost <= 0.05,
    });
  }
  const requestLogReadCost = logCost('rl-get-on', 'rl-get-off');
  if (requestLogReadCost !== null) {
    extra.push({
      id: 'request-log-cost-reads',
      label: 'partner request log cost, GET /v1/orders/{id} (the same pair, on vs off)',
      value: `${fmt(requestLogReadCost * 100)}%`,
      // Issue 30 bounded the cost on keyed writes; on reads it is measured and said (docs/performance.md).
      target: 'reference',
    });
  }
  const serverRss = Object.entries(m)
    .filter(([id]) =>
      ['get-order', 'quotes', 'orders', 'deposits', 'withdrawals-1', 'withdrawals-32', 'list', 'count'].includes(id),
    )
    .map(([, e]) => e.rssPeakBytes ?? 0);
  if (serverRss.length > 0) {
    const peak = Math.max(...serverRss);
    extra.push({
      id: 'rss',
      label: 'server RSS peak on PostgreSQL under load',
      value: `${fmt(peak / MiB)} MiB`,
      target: '< 200 MiB',
      met: peak < 200 * MiB,
    });
  }
  if (m['deposits-pglite']?.rssPeakBytes) {
    extra.push({
      id: 'rss-pglite',
      label: 'server RSS peak on PGlite under load',
      value: `${fmt(m['deposits-pglite'].rssPeakBytes / MiB)} MiB`,
      target: '< 400 MiB',
      met: m['deposits-pglite'].rssPeakBytes < 400 * MiB,
    });
  }
  const hot = results.checks.hot;
  if (hot) {
    extra.push({
      id: 'overdraft',
      label: `overdrafts (drain: ${hot.created} of ${hot.funded * 3} withdrawals of 1 EUR on ${hot.funded} EUR; ledger ${hot.ledgerConsistent ? 'consistent' : 'INCONSISTENT'})`,
      value: String(hot.overdraft),
      target: '0',
      met: hot.overdraft === 0 && hot.runsNotConserved === 0 && hot.ledgerConsistent && hot.created === hot.funded,
    });
  }
  extra.push(...startupRows(m));
  return { rows, extra, growth: growthRows(m) };
}

export function printTable({ rows, extra, growth = [] }, write = console.log) {
  const cols = [
    ['measurement', 52, (r) => `${r.label}`],
    ['conn', 4, (r) => String(r.connections ?? '')],
    ['/s', 7, (r) => fmt(r.rps)],
    ['p50 ms', 7, (r) => fmt(r.p50, 1)],
    ['p99 ms', 7, (r) => fmt(r.p99, 1)],
    ['err', 4, (r) => String(r.errors)],
    ['ceiling', 18, (r) => r.ceiling ?? ''],
    ['ceil /s', 7, (r) => fmt(r.ceilingRps)],
    ['ratio', 6, (r) => (r.ratio === null ? '' : `${fmt(r.ratio * 100)}%`)],
    ['target', 24, (r) => r.target ?? ''],
    ['met', 4, (r) => (r.met === undefined ? '' : r.met ? 'yes' : 'NO')],
  ];
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(cols[i][1]) : c.padStart(cols[i][1]))).join('  ');
  // A run of only start-up and growth (BENCH_ONLY) has none of these rows.
  if (rows.length > 0) printRows(rows, cols, line, write);
  for (const e of extra) {
    write(
      `${e.label.padEnd(80)}  ${e.value.padStart(8)}  ${(e.target ?? '').padStart(10)}  ${e.met === undefined ? '' : e.met ? 'yes' : 'NO'}`,
    );
  }
  printGrowth(growth, write);
}

function printRows(rows, cols, line, write) {
  write(line(cols.map(([h]) => h)));
  write('-'.repeat(cols.reduce((n, [, w]) => n + w + 2, 0)));
  for (const r of rows) write(line(cols.map(([, , f]) => f(r))));
  write('');
  write('CPU ms per answered request (medians): the measured process, PostgreSQL; and how busy the 2 cores were');
  for (const r of rows) {
    if (r.databaseCpuMsPerRequest === null && r.serverCpuMsPerRequest === null) continue;
    write(
      // PGlite runs inside the server process: its rows have no separate database figure.
      `  ${r.label.padEnd(52)}  process ${fmt(r.serverCpuMsPerRequest, 3).padStart(6)}  db ${(r.id.endsWith('-pglite') ? '-' : fmt(r.databaseCpuMsPerRequest, 3)).padStart(6)}  machine ${fmt((r.machineBusy ?? 0) * 100).padStart(3)}%`,
    );
  }
  write('');
}
