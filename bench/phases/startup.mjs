// Start-up time (issue 15, item 3): how long `node dist/main.js` takes from spawn until GET /health answers 200, on
// PostgreSQL (the bench's database, migrations already applied) and on PGlite (a data directory already made and
// migrated), and its RSS at that moment. A first start on an empty PGlite directory (initdb and every migration) is
// measured once beside them, as information. The two stores start in turns, so both see the same drift of a shared
// machine; each process is stopped before the next one starts. Beside the wall time: the RSS and the CPU time the
// process had used when it was ready (the steadier figure when the machine is shared).
//
// Ready means /health answers 200, asked every 10 ms: it is what a load balancer or an orchestrator's readiness
// probe waits for, and it answers only once the server listens and its store answers a statement. Watching the
// "ready" log line instead would need the server's stdout piped and parsed (the bench sends it to /dev/null) and
// comes after the background workers start, which no client waits for.

import { randomBytes } from 'node:crypto';
import { selected, settings } from '../lib/config.mjs';
import { processCpuMs } from '../lib/cpu.mjs';
import { rssOf, startHttpProcess, stopProcess, tempDir } from '../lib/processes.mjs';
import { median } from '../lib/stats.mjs';

const pollMs = 10;

/** One start: spawn, wait for /health, read the RSS, stop. */
async function startOnce(name, env, logDir) {
  const proc = await startHttpProcess({
    name,
    script: settings.serverScript,
    env: { ...(settings.serverNodeOptions ? { NODE_OPTIONS: settings.serverNodeOptions } : {}), ...env },
    healthPath: '/health',
    logDir,
    pollMs,
  });
  // CPU the process used to get ready: on a shared machine a steadier figure than the wall time.
  const [rssBytes, cpuMs] = [rssOf(proc.pid), processCpuMs(proc.pid)];
  await stopProcess(proc);
  return { readyMs: proc.readyMs, rssBytes, cpuMs };
}

/** Median and max of the starts' figures. */
function summary(runs) {
  const values = (key) => runs.map((r) => r[key]).filter((v) => v !== undefined);
  return {
    runs: runs.length,
    readyMs: median(values('readyMs')),
    readyMsMax: Math.max(...values('readyMs')),
    rssBytes: median(values('rssBytes')),
    rssBytesMax: Math.max(...values('rssBytes')),
    cpuMs: median(values('cpuMs')),
  };
}

/**
 * The start-up block: not a load measurement, so it runs its own loop (runAll) rather than bench/lib/measure.mjs's
 * rounds. `env` is the PostgreSQL phase's (its server environment). Results go to results.measurements like the
 * others', each start a run.
 */
export function startupBlock(env, { logDir, log }) {
  const pg = { id: 'startup-pg', label: 'start-up to /health 200 on PostgreSQL' };
  const pglite = { id: 'startup-pglite', label: 'start-up on PGlite (migrated data dir)' };
  const first = { id: 'startup-pglite-first', label: 'first start on PGlite (empty data dir)' };
  const title = `Start-up: ${settings.startupRuns} starts per store, to /health 200 (polled every ${pollMs} ms)`;
  return {
    id: 'startup',
    title,
    runAll: async (results) => {
      const chosen = [pg, pglite, first].filter((m) => selected('startup') || selected(m.id));
      if (chosen.length === 0) return;
      log(`\n== ${title}`);
      const t0 = Date.now();
      for (const m of chosen) results.measurements[m.id] = { label: m.label, block: 'startup', runs: [] };
      const record = (m, run, result) => {
        results.measurements[m.id].runs.push(result);
        log(
          `  ${m.id.padEnd(22)} run ${run}: ready in ${result.readyMs.toFixed(0).padStart(5)} ms` +
            `  rss ${(result.rssBytes / 2 ** 20).toFixed(0)} MiB  cpu ${result.cpuMs.toFixed(0)} ms`,
        );
      };
      // The PGlite directory every PGlite start opens: made by the first start (measured when chosen).
      const pgliteEnv = {
        DATA_DIR: tempDir('pglite-startup'),
        ADMIN_TOKEN: randomBytes(24).toString('hex'),
        SECRETS_KEY: randomBytes(32).toString('hex'),
      };
      const wantPglite = chosen.includes(pglite) || chosen.includes(first);
      if (wantPglite) {
        const result = await startOnce('startup-pglite-first', pgliteEnv, logDir);
        if (chosen.includes(first)) record(first, 1, result);
      }
      for (let run = 1; run <= settings.startupRuns; run++) {
        if (chosen.includes(pg)) record(pg, run, await startOnce(`startup-pg-${run}`, env.serverEnv({}), logDir));
        if (chosen.includes(pglite)) record(pglite, run, await startOnce(`startup-pglite-${run}`, pgliteEnv, logDir));
      }
      for (const m of chosen) results.measurements[m.id].median = summary(results.measurements[m.id].runs);
      log(`  (startup: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    },
  };
}
