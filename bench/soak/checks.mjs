// What a soak asserts once its load has stopped. First the drain: everything committed is fanned out and delivered
// and every job due has run. Then, from the API and the database: no error other than the write limit's refusals; the
// ledger consistent (GET /admin/v1/ledger/verification, the operator's check, docs/deployment.md); no upward trend of
// memory in either process (./trend.mjs); every delivery the database marks delivered arrived, signed, and none is
// failed or left pending; and every resource the load created exists once and in the state its flow ends in.

import { setTimeout as sleep } from 'node:timers/promises';
import { writeLimitError } from './intervals.mjs';
import { memoryTrend } from './trend.mjs';

/**
 * Waits until the soak's workspaces have nothing left to fan out or deliver and no job is due within a minute of the
 * drain's start (the sandbox settles payouts and transfers 2 s after they are queued; an order's payment window ends
 * in a day, and that job is not waited for); false on timeout.
 */
export async function drain(sql, workspaceIds, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const horizonMs = Date.now() + 60_000;
  for (;;) {
    const [{ n }] = await sql`select
      (select count(*) from outbox_events where fanned_out_at_ms is null and workspace_id in ${sql(workspaceIds)})
      + (select count(*) from webhook_deliveries where state in ('pending', 'sending')
          and workspace_id in ${sql(workspaceIds)})
      + (select count(*) from jobs where done_at_ms is null and run_at_ms <= ${horizonMs}) as n`;
    if (Number(n) === 0) return { drained: true };
    if (Date.now() > deadline) return { drained: false, backlog: Number(n) };
    await sleep(250);
  }
}

/** Delivery lag (arrival minus the event's commit time) per interval of the event, from the database. */
export async function webhookLag(sql, { workspaceId, startAtMs, intervalS }) {
  const lag = sql`d.attempted_at_ms + coalesce(d.latency_ms, 0) - o.occurred_at_ms`;
  const from = sql`from webhook_deliveries d join outbox_events o on o.id = d.outbox_id
    where d.workspace_id = ${workspaceId} and d.state = 'delivered' and o.occurred_at_ms >= ${startAtMs}`;
  const rows = await sql`select floor((o.occurred_at_ms - ${startAtMs}) / ${intervalS * 1000})::int as index,
      count(*)::int as n, percentile_disc(0.5) within group (order by ${lag})::float8 as p50,
      percentile_disc(0.99) within group (order by ${lag})::float8 as p99 ${from} group by 1 order by 1`;
  const [whole] = await sql`select count(*)::int as n,
      percentile_disc(0.5) within group (order by ${lag})::float8 as p50,
      percentile_disc(0.99) within group (order by ${lag})::float8 as p99 ${from}`;
  return { perInterval: rows, whole };
}

/** Per endpoint: deliveries by state in the database. */
export async function deliveryStates(sql, endpointIds) {
  const out = {};
  for (const [name, id] of Object.entries(endpointIds)) {
    const rows = await sql`select state, count(*)::int as n from webhook_deliveries where endpoint_id = ${id}
      group by state`;
    out[name] = Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }
  return out;
}

/** The soak's resources by status, per table, in the main workspace; and the limited workspace's deposits. */
export async function resourceStates(sql, { main, limited }) {
  const rows = await sql`
    select 'deposits' as resource, status, count(*)::int as n from deposits where workspace_id = ${main} group by status
    union all select 'withdrawals', status, count(*)::int from withdrawals where workspace_id = ${main} group by status
    union all select 'orders', status, count(*)::int from orders where workspace_id = ${main} group by status
    union all select 'limitedDeposits', status, count(*)::int from deposits where workspace_id = ${limited}
      group by status`;
  const out = { deposits: {}, withdrawals: {}, orders: {}, limitedDeposits: {} };
  for (const r of rows) out[r.resource][r.status] = r.n;
  return out;
}

/** Jobs created during the soak that failed at least one attempt (the sandbox's rails and jobs should never fail). */
export async function failedJobs(sql, startAtMs) {
  const rows = await sql`select kind, count(*)::int as n from jobs
    where created_at_ms >= ${startAtMs} and last_error is not null group by kind`;
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

const total = (counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/**
 * The verdict: each check with its figures and `ok`, and `passed` when all hold. `setupDeposits` is the funding
 * deposit made before the load (received, in the main workspace).
 */
export function evaluate({ load, receiver, ledger, samples, options, drained, rotation, deliveries, resources, jobs }) {
  const unexpected = Object.fromEntries(Object.entries(load.totals.errors).filter(([key]) => key !== writeLimitError));
  if (receiver.badSignatures > 0) unexpected['webhook delivery with a bad signature'] = receiver.badSignatures;
  const trends = {};
  for (const label of Object.keys(samples[0]?.processes ?? {})) {
    trends[label] = memoryTrend(
      samples.map((s) => ({ atS: s.atS, rssBytes: s.processes[label].rssBytes })),
      {
        durationS: options.durationS,
        slopeLimitMiBPerHour: options.rssSlopeLimitMiBPerHour,
        noiseMiB: options.rssNoiseMiB,
        // Restarted processes warm up again: their trend is read from the first sample after the rotation.
        fromS: rotation?.endS ?? 0,
      },
    );
  }
  const webhookProblems = [];
  for (const [name, states] of Object.entries(deliveries)) {
    const arrived = receiver.endpoints[name]?.received ?? 0;
    if ((states.delivered ?? 0) !== arrived) {
      webhookProblems.push(`${name}: ${states.delivered ?? 0} delivered in the database, ${arrived} arrived`);
    }
    for (const state of ['failed', 'pending', 'sending']) {
      if (states[state]) webhookProblems.push(`${name}: ${states[state]} ${state}`);
    }
  }
  const { created, paid } = load;
  const setupDeposits = 1;
  const expectStates = [
    ['deposits', created.deposits + setupDeposits, { Received: paid.deposits + setupDeposits }],
    ['withdrawals', created.withdrawals, { Success: created.withdrawals }],
    ['orders', created.orders, { Success: paid.orders }],
    ['limitedDeposits', created.limitedDeposits, {}],
  ];
  const resourceProblems = [];
  for (const [resource, count, states] of expectStates) {
    const found = resources[resource];
    if (total(found) !== count) resourceProblems.push(`${resource}: ${total(found)} in the database, ${count} created`);
    for (const [status, n] of Object.entries(states)) {
      if ((found[status] ?? 0) !== n)
        resourceProblems.push(`${resource}: ${found[status] ?? 0} ${status}, ${n} expected`);
    }
  }
  const checks = {
    drained: { ok: drained.drained, ...drained },
    errors: {
      ok: Object.keys(unexpected).length === 0,
      unexpected,
      writeLimitRefusals: load.totals.errors[writeLimitError] ?? 0,
      // Where the unexpected ones came from: operation -> error -> count.
      byOperation: Object.fromEntries(
        Object.entries(load.totals.errorsByOp ?? {})
          .map(([op, errors]) => [
            op,
            Object.fromEntries(Object.entries(errors).filter(([k]) => k !== writeLimitError)),
          ])
          .filter(([, errors]) => Object.keys(errors).length > 0),
      ),
    },
    ledger: { ok: ledger.consistent === true && ledger.problems.length === 0, ...ledger },
    memory: { ok: Object.values(trends).every((t) => t.ok), trends },
    webhooks: { ok: webhookProblems.length === 0, problems: webhookProblems, deliveries, receiver },
    resources: { ok: resourceProblems.length === 0, problems: resourceProblems, states: resources },
    jobs: { ok: total(jobs) === 0, failedAttemptsByKind: jobs },
    // The rotation's own end state; that it broke nothing is what the other checks say.
    ...(rotation
      ? { rotation: { ok: rotation.allUnderNewKey, status: rotation.status.at(-1), endS: rotation.endS } }
      : {}),
  };
  return { checks, passed: Object.values(checks).every((c) => c.ok) };
}
