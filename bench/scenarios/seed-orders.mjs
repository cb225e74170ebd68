// Seeds a workspace with many orders in a few set-based statements (INSERT ... SELECT generate_series), each a copy
// of one real order placed through the API (and of its quote, which an order must reference) with its own ids,
// amount, status and time: the copies land in the template's workspace, so seeding several workspaces takes one
// template order each. Seeding one workspace again adds orders spread over the same year (the growth block grows a
// workspace this way: the union of two such seeds has the same distribution as one). Columns the copy does not set are taken from the template, so a migration that adds
// a column does not break the seed. Times spread over a year, denser towards now (a growing partner); statuses
// follow age: recent orders are still in flight, older ones mostly Success with some Expired, Cancelled, Refunded,
// Failed. A VACUUM ANALYZE afterwards stands for autovacuum having caught up, as it would in production.

import { randomBytes } from 'node:crypto';

export const seedSpanDays = 365;

const dayMs = 86_400_000;

/**
 * Per-order values, computed once per row in `s` and used by both inserts. Times grow with i (age = span x
 * (1 - i/n)^2: the same distribution as span x random()^2, denser towards now) and ids are sequential per run, so
 * every index takes its new entries at its end: a random order of keys made seeding a million orders several times
 * slower on this machine, and it changes nothing the queries measured depend on.
 */
const series = (first, last, count, nowMs) => `select i,
    ${nowMs}::bigint - floor(${seedSpanDays * dayMs}::bigint * power(1 - i::float8 / ${count}, 2))::bigint as created,
    random() as r,
    1000 + floor(random() * 999000)::bigint as amount,
    lpad(upper(to_hex(i)), 7, '0') as seq
  from generate_series(${first}, ${last}) i`;

const statusByAge = (nowMs) => `case
    when s.created > ${nowMs}::bigint - ${dayMs} then case
      when s.r < 0.40 then 'Pending' when s.r < 0.50 then 'Processing' when s.r < 0.55 then 'Received'
      when s.r < 0.60 then 'Exchanging' when s.r < 0.70 then 'Withdrawn' else 'Success' end
    else case
      when s.r < 0.82 then 'Success' when s.r < 0.90 then 'Expired' when s.r < 0.94 then 'Cancelled'
      when s.r < 0.97 then 'Refunded' when s.r < 0.99 then 'Failed' else 'ComplianceReview' end
  end`;

async function columnsOf(sql, table) {
  const rows = await sql`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`;
  return rows.map((r) => r.column_name);
}

/** `insert into table (cols) select <override or t.col> ...`: the template's values except the overridden ones. */
function copyStatement(table, columns, overrides, from) {
  const values = columns.map((c) => overrides[c] ?? `t.${c}`);
  return `insert into ${table} (${columns.join(', ')}) select ${values.join(', ')} ${from}`;
}

/** Ids of the stage's form (PRE + 12 of A-Z0-9): the run's 4-character tag, a kind letter, 7 hex digits of i. */
const stageId = (run, kind) => `'PRE${run}${kind}' || s.seq`;
const quoteId = (runHex) => `('${runHex}-0000-4000-8000-' || lpad(to_hex(s.i), 12, '0'))::uuid`;

/** The seeds' 4-character tags so far in this process: each call of seedOrders takes a tag no other call took. */
const tagsTaken = new Set();

function runTag() {
  for (;;) {
    const runHex = randomBytes(4).toString('hex');
    const run = runHex.slice(0, 4).toUpperCase();
    if (tagsTaken.has(run)) continue;
    tagsTaken.add(run);
    return { runHex, run };
  }
}

/**
 * Adds `count` copies of the template order to its workspace, `batch` per statement. `nowMs` is the end of the
 * seeded year (a growing workspace keeps one); `vacuum: false` leaves the VACUUM ANALYZE to the caller (vacuumOrders),
 * who seeds several workspaces and vacuums once.
 */
export async function seedOrders(
  sql,
  { templateOrderId, count, batch = 100_000, nowMs = Date.now(), vacuum = true, log = () => {} },
) {
  // Distinct per call, so that seeding twice into one database (DATABASE_URL given) collides with nothing.
  const { runHex, run } = runTag();
  const [template] = await sql`select quote_id from orders where id = ${templateOrderId}`;
  const quoteColumns = await columnsOf(sql, 'quotes');
  const orderColumns = await columnsOf(sql, 'orders');
  const started = Date.now();
  for (let first = 1; first <= count; first += batch) {
    const last = Math.min(count, first + batch - 1);
    const from = (table, id) => `from ${table} t, (${series(first, last, count, nowMs)}) s where t.id = '${id}'`;
    // The quotes first, each already used by the order that will reference it.
    await sql.unsafe(
      copyStatement(
        'quotes',
        quoteColumns,
        {
          id: quoteId(runHex),
          origin_amount: 's.amount',
          destination_amount: 's.amount * 6',
          created_at_ms: 's.created - 5000',
          expire_at_ms: 's.created + 25000',
          used_by_order_id: stageId(run, 'O'),
          used_at_ms: 's.created',
        },
        from('quotes', template.quote_id),
      ),
    );
    await sql.unsafe(
      copyStatement(
        'orders',
        orderColumns,
        {
          id: stageId(run, 'O'),
          quote_id: quoteId(runHex),
          deposit_id: stageId(run, 'D'),
          reference_code: stageId(run, 'R'),
          external_reference: `'INV-${run}-' || s.seq`,
          origin_amount: 's.amount',
          destination_amount: 's.amount * 6',
          amount_major: 's.amount / 100.0',
          status: statusByAge(nowMs),
          created_at_ms: 's.created',
          updated_at_ms: 's.created + 60000',
          pay_by_ms: `s.created + ${dayMs}`,
        },
        from('orders', templateOrderId),
      ),
    );
    log(`seeded ${last.toLocaleString('en')} orders (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  if (vacuum) await vacuumOrders(sql);
  log(`seeded${vacuum ? ' and vacuumed' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { nowMs, seconds: (Date.now() - started) / 1000 };
}

/** Stands for autovacuum having caught up: visibility maps set (index-only scans) and statistics fresh. */
export async function vacuumOrders(sql) {
  await sql.unsafe('vacuum analyze quotes');
  await sql.unsafe('vacuum analyze orders');
  await sql.unsafe('vacuum analyze order_day_counts');
}

/** The statuses the list and count runs filter by, from the most common (82% of settled orders) to 2%. */
export const listStatuses = ['Success', 'Expired', 'Cancelled', 'Refunded', 'Failed'];
