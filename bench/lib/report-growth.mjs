// The start-up and growth rows of the report (bench/lib/report.mjs): start-up times against the bounds, and
// the growth block's figures by measurement and size, printed as a table of their own.

import { fmt } from './measure.mjs';

const MiB = 2 ** 20;

/** Start-up: median (max) of the starts, against the bound; met when every start was within it. */
export function startupRows(m) {
  const targets = { 'startup-pg': 1000, 'startup-pglite': 3000 };
  const out = [];
  for (const id of ['startup-pg', 'startup-pglite', 'startup-pglite-first']) {
    const s = m[id]?.median;
    if (!s) continue;
    const target = targets[id];
    out.push({
      id,
      label: `${m[id].label}, median (max) of ${s.runs}; at ready ${fmt(s.rssBytes / MiB)} MiB, CPU ${fmt(s.cpuMs)} ms`,
      value: `${fmt(s.readyMs)} (${fmt(s.readyMsMax)}) ms`,
      target: target ? `< ${target} ms` : 'reference',
      ...(target ? { met: s.readyMsMax < target } : {}),
      readyMs: s.readyMs,
      readyMsMax: s.readyMsMax,
      rssBytes: s.rssBytes,
      rssBytesMax: s.rssBytesMax,
      cpuMs: s.cpuMs,
    });
  }
  return out;
}

const growthKinds = {
  get: 'GET /v1/orders/{id}',
  list: 'list page 0 (status, 30 days)',
  deep: 'list page 20 (Success, 30 days)',
  count: 'count (status, 30 days)',
};

/** The growth block's rows (growth-<kind>-<size>), by kind, then by size. */
export function growthRows(m) {
  const rows = [];
  for (const [id, entry] of Object.entries(m)) {
    const match = /^growth-(get|list|deep|count)-([\d.]+)(k|m)$/.exec(id);
    if (!match || !entry.median) continue;
    const s = entry.median;
    rows.push({
      id,
      kind: match[1],
      label: growthKinds[match[1]],
      orders: Number(match[2]) * (match[3] === 'm' ? 1_000_000 : 1_000),
      connections: entry.connections,
      rps: s.rps,
      p50: s.p50,
      p99: s.p99,
      errors: s.errors,
      serverCpuMsPerRequest: s.serverCpuMsPerRequest ?? null,
      databaseCpuMsPerRequest: s.databaseCpuMsPerRequest ?? null,
    });
  }
  const kinds = Object.keys(growthKinds);
  return rows.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.orders - b.orders);
}

export function printGrowth(rows, write) {
  if (rows.length === 0) return;
  write('');
  write(
    `How cost grows with the workspace's orders (10 workspaces beside it, a tenth each; ${rows[0].connections} connections)`,
  );
  const cols = [
    ['measurement', 34, (r) => r.label],
    ['orders', 10, (r) => r.orders.toLocaleString('en')],
    ['/s', 7, (r) => fmt(r.rps)],
    ['p50 ms', 7, (r) => fmt(r.p50, 1)],
    ['p99 ms', 7, (r) => fmt(r.p99, 1)],
    ['err', 4, (r) => String(r.errors)],
    ['server ms', 9, (r) => fmt(r.serverCpuMsPerRequest, 3)],
    ['db ms', 7, (r) => fmt(r.databaseCpuMsPerRequest, 3)],
  ];
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(cols[i][1]) : c.padStart(cols[i][1]))).join('  ');
  write(line(cols.map(([h]) => h)));
  for (const r of rows) write(line(cols.map(([, , f]) => f(r))));
}
