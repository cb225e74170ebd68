import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldOrderDayCounts } from '../../src/resources/orders/day-counts.js';
import type { Db } from '../../src/storage/db.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';
import { aQuote, beneficiary, destinations, payer, payerFields, postOrder, simulateOrder } from '../support/orders.js';

// Goal: order counts over a window are exact when they sum whole days from order_day_counts and count only the
// partial days at the edges, and pages filtered by several statuses come in the same order as with one scan.
// Method: one order placed through the API, copied in SQL (as the bench seeds) into orders spread over twelve days
// with several statuses; every count and page is compared with the same question asked of the orders themselves,
// before and after statuses, times and rows change behind the server's back.

const dayMs = 86_400_000;
/** A past UTC midnight: the copies are made in the 12 days that follow it, at uneven times. */
const firstDayMs = Math.floor((Date.now() - 40 * dayMs) / dayMs) * dayMs;
const copies = 300;
const statuses = ['Success', 'Expired', 'Failed', 'Cancelled', 'Refunded', 'Pending'];

let t: TestApp;
let db: Db;
let p: Partner;
let templateId: string;

async function columnsOf(table: string): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** insert into table select <override or the template's column> from the template and a series `s`. */
async function copy(table: string, templateId: string, overrides: Record<string, string>) {
  const columns = await columnsOf(table);
  const values = columns.map((c) => overrides[c] ?? `t.${c}`);
  await db.query(
    `insert into ${table} (${columns.join(', ')}) select ${values.join(', ')}
     from ${table} t, (select i, ${firstDayMs}::bigint + (i * 3461 + (i * i) % 7919) * 1000 as created
       from generate_series(1, ${copies}) i) s where t.id = $1`,
    [templateId],
  );
}

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', READ_THROTTLE_PER_SECOND: '1000000' } });
  db = await testDb();
  p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
  const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
  const placed = await postOrder(t.app, p, {
    quoteId: quote.quoteId,
    userData: payer,
    destinationUserData: beneficiary,
    destinationTransferData: destinations.PIX_BR,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  const tag = order.orderId.slice(-6);
  const quoteOf = `('00000000-0000-4000-8000-' || lpad(to_hex(s.i), 6, '0') || '${randomBytes(3).toString('hex')}')::uuid`;
  // Ids of the documented form, (PRE)?[A-Z0-9]{12}: answers that carry them are checked against the document.
  const orderIdOf = `'CO${tag}' || lpad(s.i::text, 4, '0')`;
  await copy('quotes', order.quoteId, { id: quoteOf, used_by_order_id: orderIdOf });
  await copy('orders', order.orderId, {
    id: orderIdOf,
    quote_id: quoteOf,
    deposit_id: `'CD${tag}' || lpad(s.i::text, 4, '0')`,
    reference_code: `'CNT${tag}R' || s.i`,
    external_reference: `'CNT${tag}X' || s.i`,
    status: `(array['${statuses.join("','")}'])[1 + s.i % ${statuses.length}]`,
    created_at_ms: 's.created',
    updated_at_ms: 's.created',
  });
  // The original goes on to Success, so that it has every leg's time and amount.
  templateId = order.orderId;
  const paid = await simulateOrder(t.app, p, { orderId: templateId, amount: 100, ...payerFields.EUR });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.ctx.jobs.runDue();
});

const count = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/orders/count?${query}`, headers: p.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().count as number;
};

interface Window {
  from?: number;
  to?: number;
  status?: readonly string[];
}

const queryOf = (w: Window) =>
  [
    ...(w.from === undefined ? [] : [`from=${w.from}`]),
    ...(w.to === undefined ? [] : [`to=${w.to}`]),
    ...(w.status ?? []).map((s) => `status=${s}`),
  ].join('&');

/** The same count, asked of the orders table itself. */
async function counted(w: Window): Promise<number> {
  const [row] = await db.query<{ n: bigint }>(
    `select count(*) as n from orders where workspace_id = $1 and created_at_ms >= $2 and created_at_ms < $3
       and (cardinality($4::text[]) = 0 or status = any($4::text[]))`,
    [
      p.credentials.workspaceId,
      (w.from ?? 0) * 1000,
      w.to === undefined ? Number.MAX_SAFE_INTEGER : (w.to + 1) * 1000,
      [...(w.status ?? [])],
    ],
  );
  return Number(row?.n);
}

const second = (ms: number) => Math.floor(ms / 1000);
const day = (n: number) => firstDayMs + n * dayMs;

const windows: readonly Window[] = [
  {},
  { from: second(day(2)), to: second(day(5)) - 1 }, // whole days exactly
  { from: second(day(2)) + 1, to: second(day(5)) }, // a second short of day 2, a second into day 5
  { from: second(day(1) + 3_600_000), to: second(day(9) + 7_200_000) }, // partial days at both ends
  { from: second(day(3) + 60_000), to: second(day(3) + 80_000_000) }, // inside one day: no whole day
  { from: second(day(3) + 80_000_000), to: second(day(4) + 10_000_000) }, // across midnight, no whole day
  { from: second(day(6) + 1) }, // open end
  { to: second(day(6) - 1) }, // open start
  { from: second(day(4)), to: second(day(4)) }, // one second
];
const statusSets: readonly (readonly string[])[] = [
  [],
  ['Success'],
  ['Failed', 'Success'],
  ['Expired', 'Refunded', 'Expired'],
];

async function expectCountsExact() {
  for (const w of windows) {
    for (const status of statusSets) {
      const query = { ...w, status };
      expect({ query, n: await count(queryOf(query)) }).toEqual({ query, n: await counted(query) });
    }
  }
  // The counts table itself equals the orders, group by group.
  const differences = await db.query(
    `select coalesce(c.workspace_id, o.workspace_id) as workspace_id, c.n, o.n as orders
     from (select workspace_id, status, day, sum(n) as n
       from (select workspace_id, status, day, n from order_day_counts
         union all select workspace_id, status, day, n from order_day_count_deltas) counted
       group by 1, 2, 3) c
     full join (select workspace_id, status, created_at_ms / 86400000 as day, count(*) as n from orders
       group by 1, 2, 3) o using (workspace_id, status, day)
     where coalesce(c.n, 0) <> coalesce(o.n, 0)`,
  );
  expect(differences).toEqual([]);
}

describe('GET /v1/orders/count over day counts', () => {
  it('agrees with counting the orders, for windows with and without whole days, by any statuses', async () => {
    expect(await count('')).toBe(copies + 1);
    await expectCountsExact();
  });

  it('stays exact when orders change status, move to another day or are deleted behind the server', async () => {
    const id = (i: number) => `(select id from orders where workspace_id = $1 order by id limit 1 offset ${i})`;
    const ws = [p.credentials.workspaceId];
    await db.query(`update orders set status = 'Refunded' where id in (${id(3)}, ${id(40)}, ${id(77)})`, ws);
    await db.query(`update orders set created_at_ms = created_at_ms - ${dayMs} where id = ${id(12)}`, ws);
    await db.query(`update orders set external_reference = 'unchanged-count' where id = ${id(13)}`, ws);
    await db.transaction(async (tx) => {
      await tx.query(`update orders set status = 'Failed' where id = ${id(21)}`, ws);
      await tx.query(`update orders set status = 'Success' where id = ${id(21)}`, ws);
    });
    await db.query(`delete from orders where id in (${id(5)}, ${id(6)})`, ws);
    await expectCountsExact();
  });

  it('stays exact while changes wait as deltas and after they are folded into the counters', async () => {
    const pending = async () =>
      Number(
        (
          await db.query<{ n: bigint }>('select count(*) as n from order_day_count_deltas where workspace_id = $1', [
            p.credentials.workspaceId,
          ])
        )[0]?.n,
      );
    const ws = [p.credentials.workspaceId];
    await db.query(
      `update orders set status = 'Cancelled' where id in (select id from orders where workspace_id = $1
         order by id limit 5 offset 100)`,
      ws,
    );
    // A change appends a delta per counter it moves (the job runner may have folded some already).
    await expectCountsExact();
    while ((await foldOrderDayCounts(db)) > 0);
    expect(await pending()).toBe(0);
    await expectCountsExact();
  });
});

describe('GET /v1/orders by several statuses', () => {
  it('a list item is the order as read, plus the deprecated externalRefeference (the list reads fewer columns)', async () => {
    const listed = (
      await t.app.inject({ method: 'GET', url: '/v1/orders?status=Success&limit=500', headers: p.headers })
    ).json() as { orderId: string; externalReference?: string }[];
    expect(listed.map((o) => o.orderId)).toContain(templateId);
    for (const item of listed.filter((o, i) => o.orderId === templateId || i % 10 === 0)) {
      const read = await t.app.inject({ method: 'GET', url: `/v1/orders/${item.orderId}`, headers: p.headers });
      const alias = item.externalReference === undefined ? {} : { externalRefeference: item.externalReference };
      expect(item).toEqual({ ...read.json(), ...alias });
    }
  });

  it('pages come newest first, the same as one scan of all the statuses', async () => {
    const chosen = ['Success', 'Failed', 'Pending'];
    const reference = await db.query<{ id: string }>(
      `select id from orders where workspace_id = $1 and created_at_ms >= $2 and status = any($3::text[])
       order by created_at_ms desc, id desc`,
      [p.credentials.workspaceId, day(2), chosen],
    );
    const pages: string[] = [];
    for (let page = 0; page * 7 < reference.length + 7; page++) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/orders?from=${second(day(2))}&${chosen.map((s) => `status=${s}`).join('&')}&status=Failed&limit=7&page=${page}`,
        headers: p.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      pages.push(...response.json().map((o: { orderId: string }) => o.orderId));
    }
    expect(pages).toEqual(reference.map((r) => r.id));
  });
});
