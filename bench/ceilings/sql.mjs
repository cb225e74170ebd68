// The tables the SQL ceilings use, in a schema of their own (`bench`) beside the server's tables, and the statements
// they run. Shared by the ceiling processes (B, C, D) on PostgreSQL and PGlite so that both run the same SQL.

export const schema = `
create schema if not exists bench;
create table if not exists bench.rows (
  id text primary key,
  workspace_id text not null,
  currency text not null,
  amount bigint not null,
  data jsonb not null,
  created_at_ms bigint not null
);
create table if not exists bench.hot (id integer primary key, available bigint not null check (available >= 0));
create table if not exists bench.balances (id integer primary key, available bigint not null check (available >= 0));
create table if not exists bench.ledger (
  id bigint generated always as identity primary key,
  account_id integer not null,
  amount bigint not null,
  reference text not null,
  created_at_ms bigint not null
);`;

export const dropSchema = 'drop schema if exists bench cascade';

export const insertRow = `insert into bench.rows (id, workspace_id, currency, amount, data, created_at_ms)
  values ($1, $2, $3, $4, $5::text::jsonb, $6) returning id, created_at_ms`;

export const readRow = 'select id, workspace_id, currency, amount, data, created_at_ms from bench.rows where id = $1';

/** n rows of about an order's size, ids r1..rn, seeded in one set-based statement. */
export const seedRows = (n) => `insert into bench.rows (id, workspace_id, currency, amount, data, created_at_ms)
  select 'r' || i, 'ws-bench', 'EUR', 10000 + i,
    jsonb_build_object('quoteId', md5(i::text), 'userData', jsonb_build_object('firstName', 'Ana', 'lastName', 'Silva',
      'userEmail', 'ana.orders@example.com', 'country', 'PT'), 'destinationTransferData', jsonb_build_object(
      'type', 'PIX_BR', 'destinationName', 'Bruno Costa', 'destinationPixCode', 'bruno@example.com')),
    (extract(epoch from now()) * 1000)::bigint - i
  from generate_series(1, ${Number(n)}) i`;

/** A row body like an order's, for the insert ceilings. */
export const rowData = (id) =>
  JSON.stringify({
    quoteId: id,
    userData: { firstName: 'Ana', lastName: 'Silva', userEmail: 'ana.orders@example.com', country: 'PT' },
    destinationTransferData: {
      type: 'PIX_BR',
      destinationName: 'Bruno Costa',
      destinationPixCode: 'bruno@example.com',
    },
  });

export const resetHot = `insert into bench.hot (id, available) values (1, 1000000000000)
  on conflict (id) do update set available = excluded.available`;

/** The guarded debit of one hot balance row: no row comes back when the balance is short. */
export const debitHot =
  'update bench.hot set available = available - $1 where id = 1 and available >= $1 returning available';

export const insertLedger =
  'insert into bench.ledger (account_id, amount, reference, created_at_ms) values (1, $1, $2, $3)';

/** The debit and its ledger line as one statement: one round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT). */
export const debitHotWithLedger = `with debited as (
    update bench.hot set available = available - $1 where id = 1 and available >= $1 returning id)
  insert into bench.ledger (account_id, amount, reference, created_at_ms)
  select id, $1, $2, $3 from debited`;

/** Balances of their own for the distinct-balances ceiling (C-distinct), each amply funded. */
export const distinctBalanceCount = 1_000;

export const resetDistinct = `insert into bench.balances (id, available)
  select i, 1000000000000 from generate_series(1, ${distinctBalanceCount}) i
  on conflict (id) do update set available = excluded.available`;

/** The guarded debit of balance $1 and its ledger line, as one statement (as debitHotWithLedger, any balance). */
export const debitWithLedger = `with debited as (
    update bench.balances set available = available - $2 where id = $1 and available >= $2 returning id)
  insert into bench.ledger (account_id, amount, reference, created_at_ms)
  select id, $2, $3, $4 from debited`;

/**
 * n guarded debits of distinct balances and their ledger lines in one statement, each decided by its own row: a
 * short balance refuses its own debit only. Parameters: $1 the balances' ids, $2 the amounts (arrays in the same
 * order), $3 the reference, $4 the time.
 */
export const debitManyWithLedger = `with wanted as (
    select id, amount from unnest($1::int[], $2::bigint[]) as w(id, amount)),
  debited as (
    update bench.balances b set available = b.available - w.amount from wanted w
    where b.id = w.id and b.available >= w.amount returning b.id, w.amount)
  insert into bench.ledger (account_id, amount, reference, created_at_ms)
  select id, amount, $3, $4 from debited`;

/**
 * n debits of the one hot balance in one statement: PostgreSQL updates a row once a statement, so the debits are
 * folded into one update of their sum, taken when the whole sum fits, each with its ledger line. (A server would
 * take the longest prefix that fits and send the rest again alone; the ceiling's balance never runs short.)
 */
export const debitHotFoldedWithLedger = `with wanted as (
    select amount from unnest($1::bigint[]) as w(amount)),
  debited as (
    update bench.hot set available = available - (select sum(amount) from wanted)
    where id = 1 and available >= (select sum(amount) from wanted) returning id)
  insert into bench.ledger (account_id, amount, reference, created_at_ms)
  select debited.id, wanted.amount, $2, $3 from debited, wanted`;
