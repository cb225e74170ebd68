// Housekeeping under load (issue #12, item 6): a store holding about a million rows past their horizons, and a
// steady read/write mix (GET /v1/orders/{id} and keyed POST /v1/deposits in turn) at a fixed offered rate, measured
// without a housekeeping run and with one in progress on the measured server. The bound: the run raises
// the mix's p99 by at most 20%. Each repetition tops the old rows up again, so every run has a million to go at.

import { setTimeout as sleep } from 'node:timers/promises';
import { settings } from '../lib/config.mjs';
import { fmt, http, loadWorker } from '../lib/measure.mjs';
import { runChild } from '../lib/processes.mjs';
import { oldRowsLeft, topUpOldRows } from '../scenarios/seed-housekeeping.mjs';
import { tag } from './context.mjs';

const oldRows = Number(process.env.BENCH_HOUSEKEEPING_ROWS ?? (settings.quick ? 100_000 : 1_000_000));
/** Requests per second offered across the connections: about half of what the mix answers flat out here. */
const offeredRate = Number(process.env.BENCH_HOUSEKEEPING_RATE ?? 600);
const connections = 16;

export function housekeepingBlock(c) {
  const { env, ws, sql, main, token } = c;
  const admin = (method, path) =>
    env.api.call(env.adminToken, method, `/admin/v1${path}`, undefined, { expect: [200, 202] });
  /** Waits until no housekeeping run is in progress: the pending job is the next run, an interval away. */
  const settle = async () => {
    const deadline = Date.now() + 300_000;
    for (;;) {
      const [job] = await sql`select run_at_ms from jobs where kind = 'housekeeping' and done_at_ms is null`;
      if (job && Number(job.run_at_ms) > Date.now() + 60_000) return;
      if (Date.now() > deadline) throw new Error('housekeeping run did not finish within 300 s');
      await sleep(500);
    }
  };
  let endpointId;
  let leftBefore = 0;
  const mix = async (rep) => ({
    readToken: await token(ws.list),
    writeToken: await token(ws.main),
    ids: env.orderIds,
    tag: tag('hk', rep),
  });
  /** Idle: the old rows topped up to the full count. During: a run made due and seen removing rows. */
  const prepare = async (m) => {
    if (m.id === 'housekeeping-idle') {
      await settle();
      const seed = await topUpOldRows(sql, {
        total: oldRows,
        workspaceId: ws.webhooks.workspaceId,
        endpointId,
        tag: Date.now().toString(36),
      });
      await env.quiesce();
      // Autovacuum and the background writer catch up with the seed before anything is measured.
      await sleep(5_000);
      leftBefore = await oldRowsLeft(sql);
      console.log(
        `  (seeded ${seed.seeded.toLocaleString('en')} old rows in ${fmt(seed.seconds)} s; ${leftBefore} old rows)`,
      );
    } else {
      await admin('POST', '/housekeeping/run');
      // The runner polls every 250 ms: wait until the run is removing rows.
      const deadline = Date.now() + 10_000;
      while ((await oldRowsLeft(sql)) >= leftBefore && Date.now() < deadline) await sleep(100);
    }
  };
  return {
    id: 'housekeeping',
    title: `Housekeeping over ${oldRows.toLocaleString('en')} old rows: read/write mix at ${offeredRate}/s, p99 without and during a run`,
    setup: async () => {
      [{ id: endpointId }] = await sql`select id from webhook_endpoints where workspace_id = ${ws.webhooks.workspaceId}
        and deleted_at_ms is null limit 1`;
    },
    beforeEach: async (m) => {
      await prepare(m);
      // Both runs start warm: the idle one follows a pause of a minute (the previous run finishing, the seed).
      await runChild(loadWorker, {
        url: env.server.url,
        connections,
        durationS: settings.warmupS,
        builder: 'readWriteMix',
        params: await mix(0),
        expect: [200, 201],
        overallRate: offeredRate,
      });
      leftBefore = await oldRowsLeft(sql);
    },
    measurements: [
      http({
        id: 'housekeeping-idle',
        label: `read/write mix at ${offeredRate}/s, ${oldRows.toLocaleString('en')} old rows, no housekeeping run`,
        target: main,
        builder: 'readWriteMix',
        connections,
        overallRate: offeredRate,
        expect: [200, 201],
        params: mix,
      }),
      http({
        id: 'housekeeping-during',
        label: `read/write mix at ${offeredRate}/s during a housekeeping run`,
        target: main,
        builder: 'readWriteMix',
        connections,
        overallRate: offeredRate,
        expect: [200, 201],
        params: mix,
        // The run must have been going all along: old rows were still left when the measurement ended.
        check: async () => {
          const left = await oldRowsLeft(sql);
          const removed = leftBefore - left;
          return { removedDuringRun: removed, note: `run removed ${removed} rows; ${left} left at the end` };
        },
      }),
    ],
    after: async (results) => {
      const idle = results.measurements['housekeeping-idle']?.median;
      const during = results.measurements['housekeeping-during']?.median;
      if (!idle || !during) return undefined;
      const ratio = during.p99 / idle.p99;
      const runs = results.measurements['housekeeping-during'].runs;
      const check = {
        oldRows,
        offeredRate,
        connections,
        p99IdleMs: idle.p99,
        p99DuringMs: during.p99,
        ratio,
        bound: 1.2,
        met: ratio <= 1.2 && during.errors === 0,
        removedPerRun: runs.map((r) => r.removedDuringRun),
      };
      console.log(
        `  housekeeping: p99 ${fmt(idle.p99, 1)} ms without a run, ${fmt(during.p99, 1)} ms during one: x${fmt(ratio, 2)} (bound x1.20)`,
      );
      return check;
    },
  };
}
