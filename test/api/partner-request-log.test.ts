import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { type RequestLogSearch, readRequestLogEntry, searchRequestLog } from '../../src/platform/request-log/repo.js';
import { requestIdNeedle } from '../../src/platform/request-log/stored-batches.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { FaultyDb } from '../support/faulty-db.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { lineSink } from '../support/sensitive-markers.js';
import { waitFor } from '../support/server-process.js';

// Goal (issue 30, "Request log"): every /v1 request a workspace's token let in is in its request log, with its
// request line, status, latency, ids and error type, and its bodies masked by the rule of data at rest; the search
// finds entries by request id, path, status and time, newest first in pages (as stored, its budget, migration and
// retention: partner-request-log-storage.test.ts); the database failing costs entries, never answers. Method: HTTP
// through inject on the run's database, the writer flushed by the test (or waited for), then read through the
// repository the dashboard will use.

let t: TestApp;
let p: Partner;
const payer = { firstName: 'Ana', lastName: 'S', userEmail: 'ana.log@example.com', country: 'PT' };
const iban = 'DE89370400440532013000';
const sepa = { type: 'SEPA', destinationName: 'Ana Silva', iban, country: 'DE', city: 'Berlin', postalCode: '10115' };

beforeAll(async () => {
  // Built without a logger, as most tests are: the latency is timed all the same (app.ts gives such an app a silent one).
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  p = await aPartner(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const search = async (filters: Omit<RequestLogSearch, 'workspaceId'>, partner = p) => {
  await t.ctx.requestLog.flush();
  return searchRequestLog(t.ctx.db, { workspaceId: partner.credentials.workspaceId, ...filters });
};

const byRequestId = async (requestId: string, partner = p) => {
  const page = await search({ requestId }, partner);
  expect(page.entries, requestId).toHaveLength(1);
  const entry = await readRequestLogEntry(t.ctx.db, partner.credentials.workspaceId, page.entries[0]?.id as string);
  if (entry === undefined) throw new Error(`no entry ${requestId}`);
  return entry;
};

/** A request id as the stored batches' ids hold it, whole (stored-batches.ts). */
const needle = requestIdNeedle;

const get = (url: string, requestId: string = randomUUID(), partner = p, app = t.app) =>
  app.inject({ method: 'GET', url, headers: { ...partner.headers, 'x-request-id': requestId } });

describe('what an entry holds', () => {
  it('a keyed write: its request line, status, latency, Idempotency-Key and bodies, the IBAN masked both ways', async () => {
    // Funds, so that the withdrawal is placed and its answer shows the destination's IBAN in full.
    await verifyCustomer(t.app, p, payer.userEmail);
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: p.headers,
      payload: { userData: payer, currency: 'EUR', amount: 500 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/deposit',
      headers: p.headers,
      payload: { depositId: deposit.json().depositId, amount: 500, counterparty: { name: 'Ana', iban: sepa.iban } },
    });
    await t.ctx.jobs.runDue();

    const requestId = `log-${randomUUID()}`;
    const key = `log-${randomUUID()}`;
    const before = t.ctx.clock.nowMs();
    const payload = { currency: 'EUR', amount: 100, destinationTransferData: sepa };
    const placed = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals',
      headers: { ...p.headers, 'idempotency-key': key, 'x-request-id': requestId },
      payload,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().destinationTransferData.iban).toBe(iban);

    const entry = await byRequestId(requestId);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/v1/withdrawals',
      query: null,
      status: 201,
      requestId,
      idempotencyKey: key,
      errorType: null,
      requestBodyOmitted: false,
      responseBodyOmitted: false,
    });
    expect(entry.occurredAtMs).toBeGreaterThanOrEqual(before - 1);
    expect(entry.occurredAtMs).toBeLessThanOrEqual(t.ctx.clock.nowMs());
    expect(entry.latencyMs).toBeGreaterThan(0);
    const sent = JSON.parse(entry.requestBody as string);
    expect(sent).toEqual({ currency: 'EUR', amount: 100, destinationTransferData: { ...sepa, iban: '****3000' } });
    expect(entry.requestBodyBytes).toBe(Buffer.byteLength(JSON.stringify(payload)));
    const answered = JSON.parse(entry.responseBody as string);
    expect(answered.withdrawalId).toBe(placed.json().withdrawalId);
    expect(answered.destinationTransferData.iban).toBe('****3000');
    expect(entry.responseBodyBytes).toBe(Buffer.byteLength(placed.body));
    // The full IBAN is nowhere in the row.
    expect(JSON.stringify(entry)).not.toContain(iban);
    // The deposit's and the simulation's requests are there too, with the server's own request ids.
    const deposits = await search({ pathPrefix: '/v1/deposits' });
    expect(deposits.entries.map((e) => `${e.method} ${e.status}`)).toContain('POST 201');
  });

  it("an error answer: its status and the envelope's error type, in either body shape", async () => {
    const missing = `log-${randomUUID()}`;
    const read = await get(`/v1/orders/${randomUUID()}`, missing);
    expect(read.statusCode).toBe(404);
    expect(await byRequestId(missing)).toMatchObject({ status: 404, errorType: 'ExistenceError' });

    const invalid = `log-${randomUUID()}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: { ...p.headers, 'x-request-id': invalid },
      payload: { currency: 'EUR' },
    });
    expect(refused.statusCode).toBe(400);
    const entry = await byRequestId(invalid);
    expect(entry).toMatchObject({ status: 400, errorType: 'ValidationError' });
    expect(JSON.parse(entry.responseBody as string)).toMatchObject({ success: false, error: 'ValidationError' });
  });

  it('the query string apart from the path, each parameter masked by its name, even on a refused request', async () => {
    const requestId = `log-${randomUUID()}`;
    const listed = await get(`/v1/withdrawals?limit=5&iban=${iban}`, requestId);
    expect(listed.statusCode).toBe(400);
    const entry = await byRequestId(requestId);
    expect(entry.path).toBe('/v1/withdrawals');
    expect(entry.query).toBe('limit=5&iban=****3000');
  });

  it('not a request that failed authentication: it has no workspace', async () => {
    const requestId = `log-${randomUUID()}`;
    const refused = await t.app.inject({
      method: 'GET',
      url: '/v1/orders',
      headers: { authorization: 'Bearer not-a-token', 'x-request-id': requestId },
    });
    expect(refused.statusCode).toBe(401);
    await t.ctx.requestLog.flush();
    expect(
      await t.ctx.db.query('select id from request_log_batches where strpos(request_ids, $1) > 0', [needle(requestId)]),
    ).toEqual([]);
  });

  it('is written without a flush, within the interval', async () => {
    const requestId = `log-${randomUUID()}`;
    await get('/v1/balances', requestId);
    await waitFor(
      'the entry, written by the timer',
      async () =>
        (
          await t.ctx.db.query('select id from request_log_batches where strpos(request_ids, $1) > 0', [
            needle(requestId),
          ])
        ).length === 1,
      5_000,
      20,
    );
  });
});

describe('the search', () => {
  let q: Partner;
  const ids: string[] = [];

  beforeAll(async () => {
    q = await aPartner(t.app);
    // Oldest first: three reads, a 404, and two on one list's path, one with a query string.
    const urls = ['/v1/balances', '/v1/orders', '/v1/webhooks', `/v1/orders/${randomUUID()}`, '/v1/deposits'];
    for (const url of [...urls, '/v1/deposits?limit=1']) {
      const id = `search-${randomUUID()}`;
      const answer = await get(url, id, q);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(url.startsWith('/v1/orders/') ? 404 : 200);
      ids.push(id);
    }
  });

  it('lists newest first, in pages on (time, id), each page pointing to the next', async () => {
    const seen: string[] = [];
    let page = await search({ limit: 4 }, q);
    seen.push(...page.entries.map((e) => e.requestId));
    expect(page.next).toBeDefined();
    page = await search({ limit: 4, before: page.next }, q);
    seen.push(...page.entries.map((e) => e.requestId));
    expect(page.next).toBeUndefined();
    expect(seen).toEqual([...ids].reverse());
  });

  it('finds by request id exactly, by path prefix, and by status or status class', async () => {
    expect((await search({ requestId: ids[1] }, q)).entries.map((e) => e.path)).toEqual(['/v1/orders']);
    expect((await search({ requestId: ids[1]?.slice(0, -1) }, q)).entries).toEqual([]);
    const orders = await search({ pathPrefix: '/v1/orders' }, q);
    expect(orders.entries.map((e) => e.requestId)).toEqual([ids[3], ids[1]]);
    const deposits = await search({ pathPrefix: '/v1/deposits' }, q);
    expect(deposits.entries.map((e) => e.query)).toEqual(['limit=1', null]);
    expect((await search({ pathPrefix: '/v1/web' }, q)).entries.map((e) => e.requestId)).toEqual([ids[2]]);
    expect((await search({ pathPrefix: '/v1/web%' }, q)).entries).toEqual([]);
    expect((await search({ status: 404 }, q)).entries.map((e) => e.requestId)).toEqual([ids[3]]);
    expect((await search({ status: '4xx' }, q)).entries.map((e) => e.requestId)).toEqual([ids[3]]);
    expect((await search({ status: '2xx' }, q)).entries).toHaveLength(5);
    expect((await search({ status: '5xx' }, q)).entries).toEqual([]);
  });

  it('finds within a time range, and only the workspace\u2019s own entries', async () => {
    const all = (await search({}, q)).entries;
    const newest = all[0];
    const oldest = all[all.length - 1];
    if (!newest || !oldest) throw new Error('no entries');
    const inRange = await search({ fromMs: oldest.occurredAtMs, toMs: newest.occurredAtMs + 1 }, q);
    expect(inRange.entries).toHaveLength(all.length);
    expect((await search({ toMs: oldest.occurredAtMs }, q)).entries).toEqual([]);
    expect((await search({ fromMs: newest.occurredAtMs + 1 }, q)).entries).toEqual([]);
    // p's entries are not q's, and an entry read by its id must be the workspace's.
    expect((await search({ requestId: ids[0] }, p)).entries).toEqual([]);
    expect(await readRequestLogEntry(t.ctx.db, p.credentials.workspaceId, newest.id)).toBeUndefined();
    expect(await readRequestLogEntry(t.ctx.db, q.credentials.workspaceId, newest.id)).toMatchObject({
      requestId: newest.requestId,
    });
    expect(await readRequestLogEntry(t.ctx.db, q.credentials.workspaceId, 'not-an-id')).toBeUndefined();
  });
});

describe('when the database fails, and on close', () => {
  it('answers every request; what could not be written is dropped and said, and writing resumes', async () => {
    let faulty: FaultyDb | undefined;
    const lines: string[] = [];
    const down = await buildTestApp({
      logger: createLogger('info', lineSink(lines)),
      wrapDb: (db) => {
        faulty = new FaultyDb(db);
        return faulty;
      },
    });
    try {
      const partner = await aPartner(down.app);
      if (!faulty) throw new Error('no faulty database');
      const failing = faulty;
      failing.fault = (text) => (text.trimStart().startsWith('insert into request_log_batches') ? 'down' : 'pass');
      const tag = `down-${randomUUID()}`;
      for (let n = 0; n < 5; n++) {
        expect((await get('/v1/balances', `${tag}-${n}`, partner, down.app)).statusCode).toBe(200);
      }
      // The batch is tried, put back, retried after the backoff, then dropped: the server never waits for it.
      await waitFor('the batch given up', () => down.ctx.requestLog.dropped >= 5, 10_000, 20);
      await waitFor('the drop said', () => lines.some((l) => l.includes('request log: entries dropped')), 5_000, 20);
      expect(lines.some((l) => l.includes('request log: failing'))).toBe(true);
      failing.fault = () => 'pass';
      const requestId = `back-${randomUUID()}`;
      expect((await get('/v1/balances', requestId, partner, down.app)).statusCode).toBe(200);
      await waitFor(
        'the entry written once the database is back',
        async () =>
          (
            await down.ctx.db.query('select 1 from request_log_batches where strpos(request_ids, $1) > 0', [
              needle(requestId),
            ])
          ).length > 0,
        10_000,
        20,
      );
      expect(
        await down.ctx.db.query('select 1 from request_log_batches where strpos(request_ids, $1) > 0', [`\n${tag}-`]),
      ).toEqual([]);
    } finally {
      await down.app.close();
    }
  });

  it('writes what it holds when the app closes, and nothing when REQUEST_LOG_ENABLED is off', async () => {
    const closing = await buildTestApp();
    const partner = await aPartner(closing.app);
    const requestId = `close-${randomUUID()}`;
    await get('/v1/balances', requestId, partner, closing.app);
    await closing.app.close();
    expect(
      await t.ctx.db.query('select 1 from request_log_batches where strpos(request_ids, $1) > 0', [needle(requestId)]),
    ).toHaveLength(1);

    const off = await buildTestApp({ env: { REQUEST_LOG_ENABLED: 'false' } });
    try {
      const other = await aPartner(off.app);
      const silent = `off-${randomUUID()}`;
      await get('/v1/balances', silent, other, off.app);
      await off.ctx.requestLog.flush();
      expect(
        await t.ctx.db.query('select 1 from request_log_batches where strpos(request_ids, $1) > 0', [needle(silent)]),
      ).toEqual([]);
      expect(off.ctx.requestLog.pending).toBe(0);
    } finally {
      await off.app.close();
    }
  });
});
