import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/events/outbox.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { type JobHandler, JobRunner } from '../../src/jobs/runner.js';
import type { Db } from '../../src/storage/db.js';
import { TestClock, testDb } from '../support/harness.js';

const silent = pino({ level: 'silent' });

let db: Db;
beforeAll(async () => {
  db = await testDb();
});

const options = { pollIntervalMs: 10, leaseMs: 30_000, batchSize: 5, retryDelayMs: () => 60_000 };

describe('jobs', () => {
  it('a job scheduled in a rolled-back transaction does not exist', async () => {
    const kind = `probe-${randomUUID()}`;
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, { kind, payload: {}, runAtMs: 0 }, 0);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await db.query('select 1 from jobs where kind = $1', [kind])).toEqual([]);
  });

  it('runs each job exactly once with two runners sharing the table, only when due', async () => {
    const kind = `count-${randomUUID()}`;
    const clock = new TestClock();
    const ran: string[] = [];
    const handler: JobHandler = async (_tx, job) => {
      ran.push(String(job.payload.n));
    };
    await db.transaction(async (tx) => {
      for (let n = 0; n < 23; n++)
        await enqueueJob(tx, { kind, payload: { n }, runAtMs: clock.nowMs() }, clock.nowMs());
      await enqueueJob(tx, { kind, payload: { n: 'later' }, runAtMs: clock.nowMs() + 60_000 }, clock.nowMs());
    });
    const handlers = new Map([[kind, handler]]);
    const one = new JobRunner(db, clock, handlers, silent, options);
    const two = new JobRunner(db, clock, handlers, silent, options);
    const counts = await Promise.all([one.runDue(), two.runDue()]);
    expect(counts[0] + counts[1]).toBe(23);
    expect(new Set(ran).size).toBe(23);
    expect(ran).toHaveLength(23);
    clock.advance(60_000);
    expect(await one.runDue()).toBe(1);
    expect(ran).toContain('later');
  });

  it('a failed job rolls back its work, records the error and is retried later', async () => {
    const kind = `flaky-${randomUUID()}`;
    const clock = new TestClock();
    let calls = 0;
    const handler: JobHandler = async (tx, job) => {
      calls += 1;
      await recordEvent(tx, {
        workspaceId: 'jobs-test',
        type: 'balance_updated',
        eventId: `${kind}-${calls}`,
        data: {},
        occurredAtMs: 0,
      });
      if (calls === 1) throw new Error('provider timed out');
      expect(job.attempts).toBe(2);
    };
    await enqueueJob(db, { kind, payload: {}, runAtMs: clock.nowMs() }, clock.nowMs());
    const runner = new JobRunner(db, clock, new Map([[kind, handler]]), silent, options);
    await runner.runDue();
    const [failed] = await db.query<{ last_error: string; done_at_ms: bigint | null }>(
      'select last_error, done_at_ms from jobs where kind = $1',
      [kind],
    );
    expect(failed).toEqual({ last_error: 'Error: provider timed out', done_at_ms: null });
    expect(await db.query('select 1 from outbox_events where event_id = $1', [`${kind}-1`])).toEqual([]);
    expect(await runner.runDue()).toBe(0); // not due before its backoff
    clock.advance(60_000);
    await runner.runDue();
    expect(calls).toBe(2);
    expect(await db.query('select 1 from outbox_events where event_id = $1', [`${kind}-2`])).toHaveLength(1);
  });

  it('a job whose lease ran out is picked up again (its claimer died)', async () => {
    const kind = `orphan-${randomUUID()}`;
    const clock = new TestClock();
    await enqueueJob(db, { kind, payload: {}, runAtMs: clock.nowMs() }, clock.nowMs());
    await db.query('update jobs set locked_until_ms = $2, attempts = 1 where kind = $1', [
      kind,
      clock.nowMs() + 30_000,
    ]);
    let ran = 0;
    const runner = new JobRunner(
      db,
      clock,
      new Map([
        [
          kind,
          async () => {
            ran += 1;
          },
        ],
      ]),
      silent,
      options,
    );
    expect(await runner.runDue()).toBe(0);
    clock.advance(30_001);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toBe(1);
  });
});
