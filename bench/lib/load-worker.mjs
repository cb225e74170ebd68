// The load generator: a child process of its own, so that autocannon never shares an event loop (or a core it could
// otherwise borrow) with the server it measures. It receives one spec over IPC, builds the requests with a builder
// from ../scenarios/requests.mjs (per-request bodies and Idempotency-Keys come from setupRequest there), runs
// autocannon against loopback and answers with a summary: throughput, exact latency percentiles of the expected
// answers (autocannon's own histogram has 1 ms resolution, too coarse for sub-millisecond ceilings), status counts.

import autocannon from 'autocannon';
import { builders } from '../scenarios/requests.mjs';
import { answerOnce } from './answer-once.mjs';
import { percentile } from './stats.mjs';

answerOnce(run);

async function run(spec) {
  const { url, connections, durationS, amount, builder, params = {}, expect = [200], overallRate } = spec;
  const build = builders[builder];
  if (!build) throw new Error(`no request builder ${builder}`);
  const plan = build(params);
  const latencies = [];
  const statuses = {};
  let instance;
  const startedAt = process.hrtime.bigint();
  const result = await new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections,
        ...(amount === undefined ? { duration: durationS } : { amount }),
        // A steady offered load (requests per second across connections) instead of as many as answered.
        ...(overallRate === undefined ? {} : { overallRate }),
        // A request that takes 10 s is a failure worth counting, not a reason to wait.
        timeout: 10,
        // Samples every 100 ms so that stop() (a builder out of supply) takes effect within 100 ms, not a second.
        sampleInt: 100,
        requests: plan.requests,
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (expect.includes(statusCode)) latencies.push(responseTime);
    });
    // A builder whose supply runs out (quotes for orders) stops the run rather than send requests bound to fail.
    plan.onStart?.(() => instance.stop());
  });
  const elapsedS = Number(process.hrtime.bigint() - startedAt) / 1e9;
  latencies.sort((a, b) => a - b);
  const ok = latencies.length;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    connections,
    durationS: elapsedS,
    requests: total,
    ok,
    // Completed expected answers per second of the run.
    rps: ok / elapsedS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? null,
    // Anything but the expected statuses, plus socket errors and timeouts.
    errors: total - ok + result.errors + result.timeouts,
    statuses,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    collected: plan.collected?.() ?? undefined,
  };
}
