// Runs an operation in `concurrency` loops for `durationS` seconds and reports what a load generator would:
// completed operations per second, exact latency percentiles, errors. The SQL ceilings (B, C) are measured this way
// from a child process of their own, as the server would issue them: no HTTP, only Node and the driver.

import { percentile } from '../lib/stats.mjs';

export async function timedLoop({ concurrency, durationS, op }) {
  const latencies = [];
  let errors = 0;
  let firstError;
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(durationS * 1e9));
  const loop = async (worker) => {
    for (let i = 0; process.hrtime.bigint() < end; i++) {
      const t0 = process.hrtime.bigint();
      try {
        await op(worker, i);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, worker) => loop(worker)));
  const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    connections: concurrency,
    durationS: elapsedS,
    ok: latencies.length,
    rps: latencies.length / elapsedS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? null,
    errors,
    ...(firstError ? { firstError } : {}),
  };
}
