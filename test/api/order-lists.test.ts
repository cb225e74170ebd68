import { beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/platform/clock.js';
import { aPartner, aToken, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aQuote, beneficiary, destinations, payer, payerFields, postOrder, simulateOrder } from '../support/orders.js';

// Goal: list and count conventions on orders (spec "List, count and filter conventions"), and the deprecated
// `externalRefeference` that only list items carry. Method: one workspace, orders made through the API at exact
// times of a clock that moves only when told, two of them in the same millisecond; one taken to Success, one
// cancelled; then queried with each filter alone and combined.

/** Time stands still between steps, so creation times are exact and a tie on createdAt can be made. */
class StepClock implements Clock {
  constructor(private ms: number) {}
  nowMs(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

// Half a second into a whole second, so that `to` (inclusive seconds) must cover the whole second.
const startSeconds = Math.floor(Date.now() / 1000);
const clock = new StepClock(startSeconds * 1000 + 500);

const ana = { ...payer, userEmail: 'ana.olist@example.com' };
const bob = { ...payer, firstName: 'Bob', userEmail: 'bob.olist@example.com' };
const cara = { ...payer, firstName: 'Cara', userEmail: 'cara.olist@example.com' };

interface Planned {
  readonly at: number;
  readonly quote: Record<string, unknown>;
  readonly rail: keyof typeof destinations;
  readonly userData: typeof payer;
  readonly externalReference?: string;
}

// Seconds after the start, origin (the filtered currency and amount), payer, externalReference.
const plan: readonly Planned[] = [
  {
    at: 0,
    quote: { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 },
    rail: 'PIX_BR',
    userData: ana,
    externalReference: 'INV-1001',
  },
  {
    at: 10,
    quote: { originCurrency: 'USD', destinationCurrency: 'EUR', originAmount: 250 },
    rail: 'SEPA',
    userData: bob,
    externalReference: 'INV-1002',
  },
  {
    // The payer's email in another case: stored and filtered lower-cased.
    at: 20,
    quote: { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 300 },
    rail: 'PIX_BR',
    userData: { ...ana, userEmail: 'Ana.OList@Example.com' },
    externalReference: 'PO-77',
  },
  {
    at: 30,
    quote: { originCurrency: 'BRL', destinationCurrency: 'EUR', originAmount: 900 },
    rail: 'SEPA',
    userData: cara,
  },
  {
    at: 40,
    quote: { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 50 },
    rail: 'PIX_BR',
    userData: bob,
    externalReference: 'INV-2001',
  },
  {
    // Same millisecond as the one before: the tie is broken by id, descending.
    at: 40,
    quote: { originCurrency: 'USD', destinationCurrency: 'EUR', originAmount: 500 },
    rail: 'SEPA',
    userData: ana,
    externalReference: 'INV-20015',
  },
];

let t: TestApp;
let p: Partner;
const ids: string[] = [];
const referenceCodes: string[] = [];
/** Indexes into `ids`, newest first (createdAt, then id, descending). */
let newestFirst: number[] = [];

/** The ids of the given orders in list order. */
const expected = (indexes: readonly number[]) => newestFirst.filter((i) => indexes.includes(i)).map((i) => ids[i]);

beforeAll(async () => {
  // The clock stands still, so every read of the file falls in one throttle second: lift the read throttle.
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0', READ_THROTTLE_PER_SECOND: '1000000' } });
  p = await aPartner(t.app);
  for (const userEmail of [ana.userEmail, bob.userEmail, cara.userEmail]) {
    await verifyCustomer(t.app, p, userEmail);
  }
  let now = 0;
  for (const { at, quote: quoteBody, rail, userData, externalReference } of plan) {
    clock.advance((at - now) * 1000);
    now = at;
    // The quote right before its order: a quote lives 30 s.
    const quote = await aQuote(t.app, p, quoteBody);
    const response = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData,
      destinationUserData: beneficiary,
      destinationTransferData: destinations[rail],
      ...(externalReference === undefined ? {} : { externalReference }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    ids.push(order.orderId);
    referenceCodes.push(order.deposit.depositInfo.referenceCode ?? order.deposit.depositId);
  }
  const [a, b] = [ids[4] as string, ids[5] as string];
  newestFirst = [a > b ? 4 : 5, a > b ? 5 : 4, 3, 2, 1, 0];

  // Order 0 to Success, order 3 Cancelled; the rest stay Pending.
  clock.advance(5_000);
  const simulated = await simulateOrder(t.app, p, { orderId: ids[0], amount: 100, ...payerFields.EUR });
  expect(simulated.statusCode, simulated.body).toBe(200);
  await t.ctx.jobs.runDue();
  const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/orders/${ids[3]}`, headers: p.headers });
  expect(deleted.statusCode, deleted.body).toBe(200);
  const statuses = await Promise.all(
    ids.map(
      async (id) =>
        (await t.app.inject({ method: 'GET', url: `/v1/orders/${id}`, headers: p.headers })).json().status as string,
    ),
  );
  expect(statuses).toEqual(['Success', 'Pending', 'Pending', 'Cancelled', 'Pending', 'Pending']);
});

const list = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/orders${query}`, headers: p.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().map((o: { orderId: string }) => o.orderId);
};
const count = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/orders/count${query}`, headers: p.headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(Object.keys(response.json())).toEqual(['count']);
  return response.json().count;
};

describe('GET /v1/orders and /v1/orders/count', () => {
  it('lists newest first by createdAt then id as a bare array, paged from 0', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/orders', headers: p.headers });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
    // Order 0 changed last (Success) but was created first: the sort is by creation.
    expect(await list('')).toEqual(expected([0, 1, 2, 3, 4, 5]));
    expect(await list('?limit=0')).toEqual(expected([0, 1, 2, 3, 4, 5]));
    expect(await list('?limit=500')).toEqual(expected([0, 1, 2, 3, 4, 5]));
    expect(await list('?limit=2')).toEqual(newestFirst.slice(0, 2).map((i) => ids[i]));
    expect(await list('?limit=2&page=1')).toEqual([ids[3], ids[2]]);
    expect(await list('?limit=4&page=1')).toEqual([ids[1], ids[0]]);
    expect(await list('?limit=2&page=3')).toEqual([]);
    expect(await list('?page=1')).toEqual([]);
    expect(await count('')).toBe(6);
  });

  it.each([
    ['?status=Pending', [1, 2, 4, 5]],
    ['?status=Success', [0]],
    ['?status=Success&status=Cancelled', [0, 3]],
    ['?status=Received', []],
    // currency is the origin currency: BRL is the destination of orders 0, 2 and 4, the origin of 3 only.
    ['?currency=EUR', [0, 2, 4]],
    ['?currency=BRL', [3]],
    ['?currency=GBP', []],
    // amounts compare the origin amount in major units, both bounds inclusive
    ['?minAmount=100&maxAmount=300', [0, 1, 2]],
    ['?minAmount=99.99', [0, 1, 2, 3, 5]],
    ['?maxAmount=50', [4]],
    ['?currency=EUR&minAmount=60', [0, 2]],
    ['?userEmail=ana.olist@example.com', [0, 2, 5]],
    ['?userEmail=ANA.OLIST@EXAMPLE.COM', [0, 2, 5]],
    ['?userEmail=bob.olist@example.com&status=Pending', [1, 4]],
    ['?userEmail=nobody@example.com', []],
    ['?currency=USD&status=Pending&userEmail=ana.olist@example.com', [5]],
  ])('filters %s, and counts the same', async (query, indexes) => {
    expect(await list(query)).toEqual(expected(indexes));
    expect(await count(query)).toBe(indexes.length);
  });

  it.each([
    // Order times are start + 0.5 s, 10.5 s, 20.5 s, 30.5 s and twice 40.5 s.
    [10, 30, [1, 2, 3]],
    [0, 0, [0]],
    [40, 40, [4, 5]],
    [11, 29, [2]],
    [41, 1e6, []],
  ])('filters from=start+%i to=start+%i, inclusive seconds', async (from, to, indexes) => {
    const query = `?from=${startSeconds + from}&to=${startSeconds + to}`;
    expect(await list(query)).toEqual(expected(indexes));
    expect(await count(query)).toBe(indexes.length);
  });

  it('filters by from or to alone', async () => {
    expect(await list(`?from=${startSeconds + 30}`)).toEqual(expected([3, 4, 5]));
    expect(await list(`?to=${startSeconds + 10}`)).toEqual(expected([0, 1]));
    expect(await count(`?to=${startSeconds + 10}&status=Success`)).toBe(1);
  });

  it('searches by externalReference, exactly and by prefix', async () => {
    expect(await list('?search=PO-77')).toEqual([ids[2]]);
    expect(await list('?search=INV-1002')).toEqual([ids[1]]);
    // A whole reference is also a prefix of a longer one.
    expect(await list('?search=INV-2001')).toEqual(expected([4, 5]));
    expect(await list('?search=INV-1')).toEqual(expected([0, 1]));
    expect(await list('?search=INV-')).toEqual(expected([0, 1, 4, 5]));
    expect(await count('?search=INV-')).toBe(4);
    expect(await list('?search=INV-&status=Pending')).toEqual(expected([1, 4, 5]));
    expect(await list('?search=NV-')).toEqual([]);
  });

  it('searches by order id prefix, reference code and payer email prefix', async () => {
    for (const [i, id] of ids.entries()) {
      expect(await list(`?search=${id}`)).toEqual([id]);
      expect(await list(`?search=${id.slice(0, 8)}`)).toContain(id);
      expect(await list(`?search=${encodeURIComponent(referenceCodes[i] as string)}`)).toContain(id);
    }
    expect(await list('?search=bob.olist')).toEqual(expected([1, 4]));
    expect(await count('?search=cara.')).toBe(1);
  });

  it('treats LIKE wildcards in search as plain characters', async () => {
    expect(await list('?search=INV_')).toEqual([]);
    expect(await list(`?search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await count(`?search=${encodeURIComponent('INV-%')}`)).toBe(0);
  });

  it('list items carry externalReference and the deprecated externalRefeference; a read only the first', async () => {
    const items: Record<string, unknown>[] = (
      await t.app.inject({ method: 'GET', url: '/v1/orders', headers: p.headers })
    ).json();
    for (const [i, id] of ids.entries()) {
      const item = items.find((o) => o.orderId === id);
      const reference = plan[i]?.externalReference;
      if (reference === undefined) {
        expect(item).not.toHaveProperty('externalReference');
        expect(item).not.toHaveProperty('externalRefeference');
      } else {
        expect(item).toMatchObject({ externalReference: reference, externalRefeference: reference });
      }
      const read = (await t.app.inject({ method: 'GET', url: `/v1/orders/${id}`, headers: p.headers })).json();
      expect(read).not.toHaveProperty('externalRefeference');
      expect(read.externalReference).toBe(reference);
      // Otherwise a list item is the order as read.
      const { externalRefeference: _, ...rest } = item as Record<string, unknown>;
      expect(rest).toEqual(read);
    }
  });

  it.each([
    '?colour=red',
    '?orderId=x',
    '?status=Done',
    '?status=pending',
    '?limit=-1',
    '?limit=501',
    '?limit=abc',
    '?page=-1',
    '?from=abc',
    '?to=1.5',
    '?minAmount=-1',
    '?maxAmount=abc',
    '?minAmount=50&maxAmount=10',
    `?from=${startSeconds + 10}&to=${startSeconds}`,
    '?userEmail=not-an-email',
    '?search=',
  ])('refuses %s with 400 ValidationError, on the list and the count', async (query) => {
    for (const url of [`/v1/orders${query}`, `/v1/orders/count${query}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: p.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError', message: expect.any(String) });
    }
  });

  it('count takes the filters only: limit and page are refused', async () => {
    for (const query of ['?limit=5', '?page=0', '?status=Pending&limit=5&page=1']) {
      const response = await t.app.inject({ method: 'GET', url: `/v1/orders/count${query}`, headers: p.headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError', message: expect.any(String) });
    }
  });

  it('another workspace sees none of them, by any filter', async () => {
    const other = await aPartner(t.app);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: other.headers })).json();
    expect(await get('/v1/orders')).toEqual([]);
    expect(await get(`/v1/orders?search=${ids[0]}`)).toEqual([]);
    expect(await get('/v1/orders?userEmail=ana.olist@example.com')).toEqual([]);
    expect(await get('/v1/orders/count')).toEqual({ count: 0 });
    expect(await get('/v1/orders/count?search=INV-')).toEqual({ count: 0 });
  });

  it('a later order, after tokens of the first expired, comes first', async () => {
    clock.advance(600_000);
    p = { ...p, token: await aToken(t.app, p.credentials) };
    p = { ...p, headers: { authorization: `Bearer ${p.token}` } };
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 70 });
    const response = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData: cara,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
      externalReference: 'LATE-1',
    });
    expect(response.statusCode, response.body).toBe(201);
    const late = response.json().orderId;
    expect((await list('?limit=1'))[0]).toBe(late);
    expect(await list(`?from=${startSeconds + 41}`)).toEqual([late]);
    expect(await count('?userEmail=cara.olist@example.com')).toBe(2);
  });
});
