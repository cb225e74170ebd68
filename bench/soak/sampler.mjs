// The orchestrator's samples, taken at the load's interval boundaries (start + i x interval, i = 0 to the last): per
// server process its RSS (/proc, bench/lib/processes.mjs rssOf), its heap (the preloaded probe's file, at most a
// second old) and its CPU over the interval (bench/lib/cpu.mjs); and the database's size, which grows with the data
// and is not a leak. Sampling is cheap (a few small file reads and one query a minute), so it runs beside the load.

import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { processCpuMs } from '../lib/cpu.mjs';
import { rssOf } from '../lib/processes.mjs';

function heapOf(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Samples `servers` at each boundary until the last, then resolves with every sample. */
export function sampleAtBoundaries({ servers, sql, startAtMs, intervalS, count, log }) {
  // CPU used so far, per label, of the process that had the label then: a process restarted under the same label
  // (a rolling rotation, ./rotation.mjs) starts again from zero.
  const cpuBefore = new Map(servers.map((s) => [s.label, { pid: s.pid, ms: processCpuMs(s.pid) }]));
  let previousAtMs = startAtMs;
  const samples = [];
  const take = async (index) => {
    const atMs = Date.now();
    const processes = {};
    for (const s of servers) {
      const cpuMs = processCpuMs(s.pid);
      const before = cpuBefore.get(s.label);
      const cpuBeforeMs = before?.pid === s.pid ? before.ms : 0;
      const heap = heapOf(s.heapFile);
      processes[s.label] = {
        pid: s.pid,
        rssBytes: rssOf(s.pid) ?? null,
        heapUsedBytes: heap?.heapUsed ?? null,
        heapTotalBytes: heap?.heapTotal ?? null,
        externalBytes: heap?.external ?? null,
        // Of one core, over the interval that ends here.
        cpuPercent: index === 0 ? null : ((cpuMs - cpuBeforeMs) / Math.max(1, atMs - previousAtMs)) * 100,
      };
      cpuBefore.set(s.label, { pid: s.pid, ms: cpuMs });
    }
    previousAtMs = atMs;
    const [{ bytes }] = await sql`select pg_database_size(current_database())::text as bytes`;
    const sample = { index, atS: index * intervalS, processes, databaseBytes: Number(bytes) };
    samples.push(sample);
    const mib = (v) => (v === null ? '-' : (v / 2 ** 20).toFixed(1));
    const each = servers
      .map((s) => {
        const p = processes[s.label];
        return `${s.label} rss ${mib(p.rssBytes)} heap ${mib(p.heapUsedBytes)} MiB`;
      })
      .join('  ');
    log(`[${String(sample.atS).padStart(5)} s] memory ${each}  database ${mib(sample.databaseBytes)} MiB`);
  };
  return (async () => {
    for (let index = 0; index <= count; index++) {
      await sleep(Math.max(0, startAtMs + index * intervalS * 1000 - Date.now()));
      await take(index);
    }
    return samples;
  })();
}
