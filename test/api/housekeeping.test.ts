// Housekeeping as it runs: the scheduled job through the job queue (one pending row however many processes, a run
// carried on in slices when its budget runs out, the next run queued an interval later), the operator API's report
// of the last run (every pruned table counted, the partner request log's among them), and `brokerage housekeeping`.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionTargets } from '../../src/context.js';
import { housekeepingHandler, housekeepingJob } from '../../src/jobs/housekeeping/job.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { insertRequestLogBatch } from '../../src/platform/request-log/repo.js';
import { adminHeaders } from '../support/builders.js';
import { cliAgainst } from '../support/cli.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aJob, dayMs } from '../support/housekeeping-rows.js';
import { aRequestLogRow } from '../support/request-log-rows.js';

let t: TestApp;
let other: TestApp;
const kind = `housekeeping-api-probe-${randomUUID()}`;

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestApp();
});

afterAll(async () => {
  await t.app.close();
  await other.app.close();
});

const report = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/admin/v1/housekeeping', headers: adminHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const pending = async () =>
  t.ctx.db.query<{ id: bigint; payload: { runId?: string }; run_at_ms: bigint }>(
    'select id, payload, run_at_ms from jobs where kind = $1 and done_at_ms is null',
    [housekeepingJob],
  );

describe('the housekeeping job', () => {
  it('is one pending job whatever the number of processes, due one interval on', async () => {
    const jobs = await pending();
    expect(jobs).toHaveLength(1);
    const body = await report();
    expect(body.nextRunAt).toBe(Math.floor(Number(jobs[0]?.run_at_ms) / 1000));
    expect(body.settings).toEqual({
      eventRetentionDays: 30,
      jobRetentionDays: 7,
      idempotencyKeyRetentionHours: 24,
      withdrawalReturnWindowDays: 90,
      hostedSessionRetentionDays: 7,
      quoteRetentionDays: 7,
      requestLogRetentionDays: 30,
      intervalMinutes: 60,
      batchSize: 1000,
      batchPauseMs: 20,
    });
  });

  it('runs once across two processes when made due; the operator API reports what it removed', async () => {
    for (let i = 0; i < 3; i++) await aJob(t.ctx.db, kind, Date.now() - 8 * dayMs);
    const before = await report();
    const due = await t.app.inject({ method: 'POST', url: '/admin/v1/housekeeping/run', headers: adminHeaders });
    expect(due.statusCode, due.body).toBe(202);
    expect(due.json().nextRunAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    await Promise.all([t.ctx.jobs.runDue(), other.ctx.jobs.runDue()]);

    const after = await report();
    expect(after.lastRun.runId).not.toBe(before.lastRun?.runId);
    expect(after.lastRun).toMatchObject({ slices: 1, finishedAt: expect.any(Number) });
    expect(after.lastRun.removed.jobs).toBeGreaterThanOrEqual(3);
    expect(Object.keys(after.lastRun.removed).sort()).toEqual([
      'idempotencyKeys',
      'jobs',
      'kycSessions',
      'openBankingSessions',
      'outboxEvents',
      'quotes',
      'requestLog',
      'webhookDeliveries',
    ]);
    const runs = await t.ctx.db.query('select 1 from housekeeping_runs where id > $1', [before.lastRun?.runId ?? 0]);
    expect(runs).toHaveLength(1);
    // The next run is queued one interval after this one finished.
    const [next] = await pending();
    expect(Number(next?.run_at_ms)).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(await t.ctx.db.query('select 1 from jobs where kind = $1', [kind])).toEqual([]);
  });

  it('a run whose budget runs out goes on in further slices, recorded as one run', async () => {
    for (let i = 0; i < 5; i++) await aJob(t.ctx.db, kind, Date.now() - 8 * dayMs - i);
    const config = { ...t.ctx.config, housekeepingBatchSize: 2, housekeepingBatchPauseMs: 0 };
    const [name, handler] = housekeepingHandler({
      db: t.ctx.db,
      clock: t.ctx.clock,
      config,
      targets: retentionTargets,
      sliceBudgetMs: 0,
    });
    const runner = new JobRunner(t.ctx.db, t.ctx.clock, new Map([[name, handler]]), t.app.log);
    await t.app.inject({ method: 'POST', url: '/admin/v1/housekeeping/run', headers: adminHeaders });

    await runner.runDue();

    const { lastRun } = await report();
    expect(lastRun.slices).toBeGreaterThanOrEqual(3);
    expect(lastRun.finishedAt).not.toBeNull();
    expect(lastRun.removed.jobs).toBeGreaterThanOrEqual(5);
    expect(await pending()).toHaveLength(1);
    expect((await pending())[0]?.payload).toEqual({});
  });

  it('removes the partner request log entries past REQUEST_LOG_RETENTION_DAYS and counts them', async () => {
    const workspaceId = `ws-housekeeping-${randomUUID()}`;
    const horizonMs = t.ctx.clock.nowMs() - t.ctx.config.requestLogRetentionDays * dayMs;
    const entry = (requestId: string, occurredAtMs: number) => aRequestLogRow({ workspaceId, occurredAtMs, requestId });
    const old = [1, 2, 3].map((i) => entry(`old-${i}`, horizonMs - i * dayMs));
    await insertRequestLogBatch(t.ctx.db, [...old, entry('recent', horizonMs + dayMs)]);
    const due = await t.app.inject({ method: 'POST', url: '/admin/v1/housekeeping/run', headers: adminHeaders });
    expect(due.statusCode, due.body).toBe(202);

    await t.ctx.jobs.runDue();

    // Each entry is a day from the next, so each is a stored batch of its own (stored-batches.ts cuts at a minute).
    const left = await t.ctx.db.query<{ request_ids: string }>(
      'select request_ids from request_log_batches where workspace_id = $1',
      [workspaceId],
    );
    expect(left.map((r) => r.request_ids)).toEqual(['\nrecent\n']);
    const { lastRun } = await report();
    expect(lastRun.finishedAt).not.toBeNull();
    expect(lastRun.removed.requestLog).toBeGreaterThanOrEqual(old.length);
  });

  it('reads a run recorded before the request log was counted as having removed none of it', async () => {
    // A run row written by the version before `requestLog` was among the reported tables has no such key (runs.ts).
    const removedBefore = {
      webhookDeliveries: 0,
      outboxEvents: 0,
      jobs: 4,
      idempotencyKeys: 0,
      kycSessions: 0,
      openBankingSessions: 0,
      quotes: 0,
    };
    await t.ctx.db.query(
      `insert into housekeeping_runs (started_at_ms, finished_at_ms, slices, removed)
       values ($1, $1, 1, $2::text::jsonb)`,
      [t.ctx.clock.nowMs(), JSON.stringify(removedBefore)],
    );

    const { lastRun } = await report();

    expect(lastRun.removed).toMatchObject({ jobs: 4, requestLog: 0 });
  });

  it('the operator API needs the operator token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/v1/housekeeping' });
    expect(response.statusCode).toBe(401);
  });
});

describe('brokerage housekeeping', () => {
  it('prints the last run, and `housekeeping run` makes the next one due', async () => {
    const cli = await cliAgainst(t.app);
    const shown = await cli(['housekeeping']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.json()).toMatchObject({ lastRun: { removed: { jobs: expect.any(Number) } } });
    const run = await cli(['housekeeping', 'run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json().nextRunAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});
