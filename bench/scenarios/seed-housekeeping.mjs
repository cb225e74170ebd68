// Old rows for housekeeping to remove, seeded in set-based statements (INSERT ... SELECT generate_series): delivered
// events with their delivery log, finished jobs and completed Idempotency-Keys, all 60 days old, so past every
// default horizon. `topUp` brings each kind back to its share of the total after a run removed some.

const dayMs = 86_400_000;

/** How the total is shared: events and their deliveries are the bulk of a real store's history. */
const shares = { events: 0.3, deliveries: 0.3, jobs: 0.25, keys: 0.15 };

export async function topUpOldRows(sql, { total, workspaceId, endpointId, tag }) {
  const oldMs = Date.now() - 60 * dayMs;
  const [{ events, jobs, keys }] = await sql`select
      (select count(*) from outbox_events where event_id like 'bench-hk-%') as events,
      (select count(*) from jobs where kind = 'bench.housekeeping') as jobs,
      (select count(*) from idempotency_keys where key like 'bench-hk-%') as keys`;
  const missing = (kind, have) => Math.max(0, Math.round(total * shares[kind]) - Number(have));
  const started = Date.now();
  const newEvents = missing('events', events);
  if (newEvents > 0) {
    // One delivered delivery per event (the share of deliveries equals the share of events).
    await sql.unsafe(`with e as (
        insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms, fanned_out_at_ms)
        select '${workspaceId}', 'balance_updated', 'bench-hk-${tag}-' || i, '{"bench":true}'::jsonb,
          ${oldMs} - i, ${oldMs} - i
        from generate_series(1, ${newEvents}) i
        returning id, occurred_at_ms)
      insert into webhook_deliveries (outbox_id, endpoint_id, workspace_id, state, created_at_ms, attempted_at_ms,
        status_code, latency_ms)
      select id, '${endpointId}', '${workspaceId}', 'delivered', occurred_at_ms, occurred_at_ms, 200, 5 from e`);
  }
  const newJobs = missing('jobs', jobs);
  if (newJobs > 0) {
    await sql.unsafe(`insert into jobs (kind, payload, run_at_ms, attempts, created_at_ms, done_at_ms)
      select 'bench.housekeeping', '{"bench":true}'::jsonb, ${oldMs} - i, 1, ${oldMs} - i, ${oldMs} - i
      from generate_series(1, ${newJobs}) i`);
  }
  const newKeys = missing('keys', keys);
  if (newKeys > 0) {
    await sql.unsafe(`insert into idempotency_keys (workspace_id, account_scope, key, endpoint, request_hash, state,
        response_status, response_body, created_at_ms, completed_at_ms)
      select '${workspaceId}', '', 'bench-hk-${tag}-' || i, 'POST /v1/deposits', 'bench', 'completed', 201,
        '{"depositId":"bench"}', ${oldMs} - i, ${oldMs} - i
      from generate_series(1, ${newKeys}) i`);
  }
  await sql.unsafe('vacuum analyze outbox_events, webhook_deliveries, jobs, idempotency_keys');
  // The seed's writes reach the data files now, not during the run measured next (a checkpoint's I/O in the
  // "without a run" measurement would flatter the one during a run).
  await sql.unsafe('checkpoint');
  return { seeded: 2 * newEvents + newJobs + newKeys, seconds: (Date.now() - started) / 1000 };
}

/** Old rows still there (the seeded ones: what a run in progress has not reached yet). */
export async function oldRowsLeft(sql) {
  const [{ n }] = await sql`select
      (select count(*) from outbox_events where event_id like 'bench-hk-%')
      + (select count(*) from webhook_deliveries d join outbox_events o on o.id = d.outbox_id
           where o.event_id like 'bench-hk-%')
      + (select count(*) from jobs where kind = 'bench.housekeeping')
      + (select count(*) from idempotency_keys where key like 'bench-hk-%') as n`;
  return Number(n);
}
