// The partner request log as stored (migration 0047, a row per writer batch): a search that finds few among many
// batches stops at its budget and says how far back it looked; the migration brings the per-request table's entries
// along; housekeeping removes batches past REQUEST_LOG_RETENTION_DAYS. Entries are written straight into the store
// at the times each test needs (test/support/request-log-rows.ts) and read through the dashboard's repository.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { horizonsAt } from '../../src/jobs/housekeeping/pass.js';
import { pruneBatch } from '../../src/jobs/housekeeping/targets.js';
import { limits } from '../../src/limits.js';
import type { RequestLogRow } from '../../src/platform/request-log/entry.js';
import {
  insertRequestLogBatch,
  readRequestLogEntry,
  requestLogRetention,
  searchRequestLog,
} from '../../src/platform/request-log/repo.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aRequestLogRow } from '../support/request-log-rows.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('a search that finds few among many', () => {
  it('stops at its budget, says how far back it looked, and its next page goes on to the match', async () => {
    const workspaceId = `ws-budget-${randomUUID()}`;
    const startMs = t.ctx.clock.nowMs() - 5 * 86_400_000;
    // More stored batches than one page reads (each entry 61 s from the next: a batch of its own), the match oldest.
    const count = limits.requestLogSearchBatchesMax + limits.requestLogSearchReadBatchCount + 5;
    const rows: RequestLogRow[] = [];
    for (let i = 0; i < count; i++) {
      rows.push(
        aRequestLogRow({
          workspaceId,
          occurredAtMs: startMs + i * 61_000,
          requestId: `many-${i}`,
          path: i === 0 ? '/v1/orders/the-one' : '/v1/balances',
        }),
      );
    }
    await insertRequestLogBatch(t.ctx.db, rows);
    for (const filter of [{ pathPrefix: '/v1/orders' }, { requestId: 'many-0' }]) {
      const first = await searchRequestLog(t.ctx.db, { workspaceId, ...filter });
      expect(first.entries, JSON.stringify(filter)).toEqual([]);
      expect(first.searchedBackToMs).toBeGreaterThan(startMs);
      expect(first.next).toEqual({ occurredAtMs: first.searchedBackToMs });
      const second = await searchRequestLog(t.ctx.db, { workspaceId, ...filter, before: first.next });
      expect(second.entries.map((e) => e.requestId)).toEqual(['many-0']);
      expect(second.next).toBeUndefined();
      expect(second.searchedBackToMs).toBeUndefined();
    }
    // Unfiltered, the newest page is sure at once.
    const newest = await searchRequestLog(t.ctx.db, { workspaceId, limit: 3 });
    expect(newest.entries.map((e) => e.requestId)).toEqual([
      `many-${count - 1}`,
      `many-${count - 2}`,
      `many-${count - 3}`,
    ]);
    expect(newest.searchedBackToMs).toBeUndefined();
  });
});

describe('migration 0047', () => {
  it("brings the per-request table's entries along: searched, read with their bodies, a batch within a minute", async () => {
    const workspaceId = `ws-migrated-${randomUUID()}`;
    const at = t.ctx.clock.nowMs() - 86_400_000;
    const old = `insert into request_log (workspace_id, occurred_at_ms, method, path, query, status, latency_ms, request_id,
        idempotency_key, error_type, request_body, request_body_bytes, response_body, response_body_bytes)
      values ($1, $2, 'POST', '/v1/deposits', 'a=1', $3, 2.5, $4, 'key-1', $5, '{"amount":5}', 12, '{"id":"d"}', 10)`;
    await t.ctx.db.query(old, [workspaceId, at, 201, 'moved-1', null]);
    await t.ctx.db.query(old, [workspaceId, at + 1_000, 422, 'moved-2', 'ValidationError']);
    await t.ctx.db.query(old, [workspaceId, at + 3_600_000, 200, 'moved-3', null]);
    // The migration's own statement, as the file has it, over these rows alone.
    const file = readFileSync(new URL('../../migrations/0047_request_log_batches.sql', import.meta.url), 'utf8');
    const copy = file.slice(file.indexOf('insert into request_log_batches')).replace(/;\s*$/, '');
    await t.ctx.db.query(copy.replace('from request_log\n', 'from request_log where workspace_id = $1\n'), [
      workspaceId,
    ]);
    const page = await searchRequestLog(t.ctx.db, { workspaceId });
    expect(page.entries.map((e) => [e.requestId, e.status, e.errorType, e.query])).toEqual([
      ['moved-3', 200, null, 'a=1'],
      ['moved-2', 422, 'ValidationError', 'a=1'],
      ['moved-1', 201, null, 'a=1'],
    ]);
    expect((await searchRequestLog(t.ctx.db, { workspaceId, status: '4xx' })).entries).toHaveLength(1);
    expect((await searchRequestLog(t.ctx.db, { workspaceId, requestId: 'moved-1' })).entries).toHaveLength(1);
    const entry = await readRequestLogEntry(t.ctx.db, workspaceId, page.entries[2]?.id as string);
    expect(entry).toMatchObject({
      occurredAtMs: at,
      method: 'POST',
      path: '/v1/deposits',
      latencyMs: 2.5,
      idempotencyKey: 'key-1',
      requestBody: '{"amount":5}',
      requestBodyBytes: 12,
      requestBodyOmitted: false,
      responseBody: '{"id":"d"}',
      responseBodyBytes: 10,
      responseBodyOmitted: false,
    });
    // Two batches: the two entries of one minute, and the one an hour later.
    const batches = await t.ctx.db.query('select entry_count from request_log_batches where workspace_id = $1', [
      workspaceId,
    ]);
    expect(batches.map((b) => b.entry_count).sort()).toEqual([1, 2]);
    await t.ctx.db.query('delete from request_log where workspace_id = $1', [workspaceId]);
  });
});

describe('retention', () => {
  it('housekeeping removes entries past REQUEST_LOG_RETENTION_DAYS, oldest first, and keeps the others', async () => {
    const workspaceId = `ws-retention-${randomUUID()}`;
    const config = loadConfig({ REQUEST_LOG_RETENTION_DAYS: '10' });
    const nowMs = t.ctx.clock.nowMs();
    const day = 86_400_000;
    const row = (ageDays: number) =>
      aRequestLogRow({ workspaceId, occurredAtMs: nowMs - ageDays * day, requestId: `age-${ageDays}` });
    await insertRequestLogBatch(t.ctx.db, [row(30), row(11), row(9), row(0)]);
    const horizons = horizonsAt(config, nowMs);
    // Housekeeping's loop over one target (jobs/housekeeping/pass.ts), in batches of one: oldest first, each batch
    // starting where the last one reached.
    const reached: number[] = [];
    for (let fromMs = 0; ; ) {
      const batch = await pruneBatch(t.ctx.db, requestLogRetention, horizons, 1, fromMs);
      if (batch.candidates < 1 || batch.reached === undefined) break;
      reached.push(batch.reached);
      fromMs = batch.reached;
    }
    expect(reached).toEqual([...reached].sort((a, b) => a - b));
    expect(reached).toEqual(expect.arrayContaining([nowMs - 30 * day, nowMs - 11 * day]));
    expect(reached.every((at) => at < horizons.requestsBeforeMs)).toBe(true);
    const left = await searchRequestLog(t.ctx.db, { workspaceId });
    expect(left.entries.map((e) => e.requestId)).toEqual(['age-0', 'age-9']);
  });
});
