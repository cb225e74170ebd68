// Blocks of measurements run interleaved: within a block every measurement runs once per repetition, in turn, so a
// scenario and the ceiling it is compared with see the same drift of a shared machine. A block starts the processes
// only it needs and stops them afterwards, so idle processes of one block never take part in another's figures.

import { fileURLToPath } from 'node:url';
import { selected, settings } from './config.mjs';
import { cpuMeter } from './cpu.mjs';
import { runChild, sampleRss } from './processes.mjs';
import { summarise } from './stats.mjs';

export const loadWorker = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

export const fmt = (v, digits = 0) => (v === null || v === undefined ? '-' : Number(v).toFixed(digits));

/**
 * An HTTP measurement driven by autocannon from a child process. `target()` names the process measured (its url,
 * and its pid for RSS sampling); `params(rep)` the builder's parameters for this run; `check(result, rep)` may add
 * figures and problems after the run (balances, supplies).
 */
export function http({
  id,
  label,
  target,
  builder,
  connections,
  expect = [200],
  params = async () => ({}),
  check,
  overallRate,
}) {
  const once = async (durationS, rep) => {
    const { url, pid } = target();
    const spec = { url, connections, durationS, builder, params: await params(rep), expect, overallRate };
    const rss = pid ? sampleRss([pid]) : undefined;
    const cpu = cpuMeter(pid);
    const result = await runChild(loadWorker, spec);
    Object.assign(result, cpu.stop(result.ok));
    const peak = rss?.stop().get(pid);
    if (peak) result.rssPeakBytes = peak;
    return result;
  };
  return {
    id,
    label,
    connections,
    warmup: () => once(settings.warmupS, 0),
    run: async (rep) => {
      const result = await once(settings.durationS, rep);
      if (check) Object.assign(result, await check(result, rep));
      return result;
    },
  };
}

/** A measurement by a child process of its own (the SQL ceilings, the webhook lag). */
export function child({ id, label, script, connections, spec }) {
  return {
    id,
    label,
    connections,
    run: async (rep) => {
      const params = { durationS: settings.durationS, ...(await spec(rep)) };
      const cpu = cpuMeter();
      const result = await runChild(script, params);
      return Object.assign(result, cpu.stop(result.ok ?? 0));
    },
  };
}

/**
 * Runs a block: setup, one warm-up per HTTP measurement, `repetitions` interleaved rounds, `after` (checks that need
 * every run), teardown. BENCH_ONLY selects blocks or single measurements by id prefix.
 */
export async function runBlock(block, results, log) {
  const measurements = selected(block.id) ? block.measurements : block.measurements.filter((m) => selected(m.id));
  if (measurements.length === 0) return;
  log(`\n== ${block.title}`);
  const t0 = Date.now();
  await block.setup?.();
  try {
    for (const m of measurements) {
      results.measurements[m.id] = { label: m.label, block: block.id, connections: m.connections, runs: [] };
      if (m.warmup) await m.warmup();
    }
    const repetitions = blockRepetitions(block);
    for (let rep = 1; rep <= repetitions; rep++) {
      await block.beforeRound?.(rep);
      // A block comparing two processes of the same work runs them in turns, the other way round every other
      // round, so that neither always runs after the other (the database's state, the machine's drift).
      const order = block.alternate && rep % 2 === 0 ? [...measurements].reverse() : measurements;
      for (const m of order) {
        await block.beforeEach?.(m);
        const result = await m.run(rep);
        results.measurements[m.id].runs.push(result);
        log(
          `  ${m.id.padEnd(22)} run ${rep}: ${fmt(result.rps).padStart(6)}/s  p50 ${fmt(result.p50, 1).padStart(6)} ms` +
            `  p99 ${fmt(result.p99, 1).padStart(6)} ms  errors ${result.errors}` +
            (result.rssPeakBytes ? `  rss ${fmt(result.rssPeakBytes / 2 ** 20)} MiB` : '') +
            cpuNote(result) +
            (result.note ? `  (${result.note})` : ''),
        );
      }
    }
    for (const m of measurements) {
      const entry = results.measurements[m.id];
      entry.median = summarise(entry.runs);
      const peaks = entry.runs.map((r) => r.rssPeakBytes ?? 0);
      if (Math.max(...peaks) > 0) entry.rssPeakBytes = Math.max(...peaks);
    }
    if (block.after) results.checks[block.id] = await block.after(results);
  } finally {
    await block.teardown?.();
    log(`  (${block.id}: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
}

/**
 * The rounds a block runs: the run's repetitions, or more for a block that asks for them (`minRepetitions`: a small
 * cost read from pairs of fresh processes swings more between rounds than it is large), unless the run is quick or
 * BENCH_REPETITIONS says how many.
 */
function blockRepetitions(block) {
  if (settings.quick || process.env.BENCH_REPETITIONS !== undefined) return settings.repetitions;
  return Math.max(settings.repetitions, block.minRepetitions ?? 0);
}

/** CPU per answered request of the measured process and of PostgreSQL, and how busy the machine was. */
function cpuNote(result) {
  const parts = [];
  if (result.serverCpuMsPerRequest != null) parts.push(`server ${fmt(result.serverCpuMsPerRequest, 3)}`);
  if (result.databaseCpuMsPerRequest != null) parts.push(`db ${fmt(result.databaseCpuMsPerRequest, 3)}`);
  if (parts.length === 0) return '';
  return `  cpu ms/req ${parts.join(' ')}  machine ${fmt((result.machineBusy ?? 0) * 100)}%`;
}
