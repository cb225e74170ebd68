import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';

// Goal: list and count conventions on deposits. Method: one workspace, deposits made at known times, queried with
// each filter alone and combined.

let t: TestApp;
let p: Partner;
const clock = new TestClock();
const ana = { firstName: 'Ana', lastName: 'S', userEmail: 'ana.list@example.com', country: 'PT' };
const bob = { firstName: 'Bob', lastName: 'T', userEmail: 'bob.list@example.com', country: 'PT' };
const ids: string[] = [];
let startSeconds = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  p = await aPartner(t.app);
  for (const userEmail of [ana.userEmail, bob.userEmail]) {
    await verifyCustomer(t.app, p, userEmail);
  }
  startSeconds = Math.floor(clock.nowMs() / 1000);
  const plan = [
    { userData: ana, currency: 'EUR', amount: 10 },
    { userData: bob, currency: 'EUR', amount: 20 },
    { userData: ana, currency: 'GBP', amount: 30 },
    { userData: bob, currency: 'USDC', amount: 40, rail: 'ETH' },
    { userData: ana, currency: 'EUR', amount: 50 },
  ];
  for (const body of plan) {
    const response = await t.app.inject({ method: 'POST', url: '/v1/deposits', headers: p.headers, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json().depositId);
    clock.advance(10_000);
  }
  await t.app.inject({
    method: 'POST',
    url: '/v1/simulate/incoming-transfer/deposit',
    headers: p.headers,
    payload: { depositId: ids[0], amount: 10, counterparty: { name: 'Ana', iban: 'PT50000201231234567890154' } },
  });
  await t.ctx.jobs.runDue();
});

const list = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/deposits${query}`, headers: p.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().map((d: { depositId: string }) => d.depositId);
};
const count = async (query: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/deposits/count${query}`, headers: p.headers })).json().count;

describe('GET /v1/deposits and /v1/deposits/count', () => {
  it('lists newest first as a bare array, paged from 0', async () => {
    expect(await list('')).toEqual([...ids].reverse());
    expect(await list('?limit=2')).toEqual([ids[4], ids[3]]);
    expect(await list('?limit=2&page=1')).toEqual([ids[2], ids[1]]);
    expect(await list('?limit=2&page=3')).toEqual([]);
    expect(await count('')).toBe(5);
  });

  it.each([
    ['?currency=EUR', [4, 1, 0]],
    ['?status=Received', [0]],
    ['?status=Received&status=Pending', [4, 3, 2, 1, 0]],
    ['?userEmail=bob.list@example.com', [3, 1]],
    ['?minAmount=20&maxAmount=40', [3, 2, 1]],
    ['?currency=EUR&minAmount=15', [4, 1]],
  ])('filters %s', async (query, expected) => {
    expect(await list(query)).toEqual(expected.map((i) => ids[i]));
    expect(await count(query)).toBe(expected.length);
  });

  it('filters by a from/to window in seconds, inclusive', async () => {
    const query = `?from=${startSeconds + 10}&to=${startSeconds + 30}`;
    expect(await list(query)).toEqual([ids[3], ids[2], ids[1]]);
    expect(await count(query)).toBe(3);
  });

  it('searches by id or reference prefix', async () => {
    const id = ids[2] as string;
    expect(await list(`?search=${id.slice(0, 10)}`)).toContain(id);
    expect(await list(`?search=${id}`)).toEqual([id]);
    expect(await list('?search=ana.list')).toHaveLength(3);
  });

  it.each([
    '?colour=red',
    '?status=Done',
    '?limit=-1',
    '?limit=501',
    '?from=abc',
    '?minAmount=-1',
    '?minAmount=50&maxAmount=10',
  ])('refuses %s with 400', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/deposits${query}`, headers: p.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError' });
  });

  it('count takes the filters only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/deposits/count?limit=5', headers: p.headers });
    expect(response.statusCode).toBe(400);
  });

  it('another workspace sees none of them', async () => {
    const other = await aPartner(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/v1/deposits', headers: other.headers })).json()).toEqual([]);
  });
});
