// What the table ownership check (scripts/check-table-ownership.ts, `npm run lint:tables`) reads as SQL: which
// literals hold SQL, and what each statement and each TypeScript file reads and writes. The rules it holds the files
// to: table-ownership.test.ts.

import { describe, expect, it } from 'vitest';
import { cteNames, dynamic, fileAccesses, isSql, sqlAccesses } from '../../scripts/check-table-ownership.js';

const accessesOf = (sql: string) => sqlAccesses(sql).map((a) => `${a.kind} ${a.table}`);

describe('what one SQL text reads and writes', () => {
  const cases: { name: string; sql: string; expected: string[] }[] = [
    { name: 'insert into', sql: 'insert into orders (id, status) values ($1, $2)', expected: ['write orders'] },
    {
      name: 'insert ... select',
      sql: 'insert into jobs (kind) select kind from orders where id = $1',
      expected: ['write jobs', 'read orders'],
    },
    { name: 'update ... set', sql: 'update orders set status = $2 where id = $1', expected: ['write orders'] },
    {
      name: 'update with an alias and a FROM',
      sql: 'update balances as b set available = b.available + d.n from deposits d where d.id = $1',
      expected: ['write balances', 'read deposits'],
    },
    { name: 'update only', sql: 'UPDATE ONLY orders o SET status = $1', expected: ['write orders'] },
    { name: 'delete from', sql: 'delete from orders where id = $1', expected: ['write orders'] },
    {
      name: 'delete ... using',
      sql: 'delete from webhook_deliveries d using outbox_events o where d.outbox_id = o.id',
      expected: ['write webhook_deliveries', 'read outbox_events'],
    },
    {
      name: 'select with joins',
      sql: 'select * from orders o join accounts a on a.id = o.account_id left join deposits d using (id)',
      expected: ['read orders', 'read accounts', 'read deposits'],
    },
    {
      name: 'a FROM list',
      sql: 'select * from unnest($1::text[]) as t(id), orders o, deposits where o.id = t.id',
      expected: ['read orders', 'read deposits'],
    },
    {
      name: 'a lateral subquery',
      sql: 'select * from accounts a left join lateral (select p.profile from kyc_profiles p) k on true',
      expected: ['read accounts', 'read kyc_profiles'],
    },
    {
      name: 'select into',
      sql: 'select * into orders_copy from orders',
      expected: ['write orders_copy', 'read orders'],
    },
    {
      name: 'merge into',
      sql: `merge into balances b using ledger_postings p on p.account_id = b.account_id
            when matched then update set available = b.available + p.amount
            when not matched then insert (account_id) values (p.account_id)`,
      expected: ['write balances', 'read ledger_postings'],
    },
    {
      name: 'on conflict ... do update',
      sql: `insert into balances (account_id, available) values ($1, $2)
            on conflict (account_id) do update set available = balances.available + excluded.available`,
      expected: ['write balances'],
    },
    {
      name: 'locking reads',
      sql: 'select * from jobs for update skip locked; select * from orders for no key update of orders',
      expected: ['read jobs', 'read orders'],
    },
    { name: 'truncate', sql: 'truncate table jobs, outbox_events', expected: ['write jobs', 'write outbox_events'] },
    {
      name: 'CTE names are no tables',
      sql: `with doomed as (select id from jobs order by id limit $1 for update skip locked),
            gone as (delete from jobs j using doomed where j.id = doomed.id returning 1)
            select (select count(*) from doomed), (select count(*) from gone)`,
      expected: ['read jobs', 'write jobs'],
    },
    {
      name: 'a CTE that shadows a table',
      sql: 'with orders as (select 1 as id) select * from orders',
      expected: [],
    },
    {
      name: 'a CTE named as the table it writes',
      sql: 'ledger_postings as (insert into ledger_postings (entry_id) select id from ledger_entry)',
      expected: ['write ledger_postings', 'read ledger_entry'],
    },
    {
      name: 'a recursive CTE with columns',
      sql: 'with recursive t(n) as (select 1 union all select n + 1 from t where n < 5) select n from t, orders',
      expected: ['read orders'],
    },
    {
      name: 'comments',
      sql: "select 1 -- from orders\n /* join withdrawals */ from deposits where note <> '--'",
      expected: ['read deposits'],
    },
    {
      name: 'string constants',
      sql: "select 'delete from orders' as a, $$update jobs set x = 1$$ as b from deposits",
      expected: ['read deposits'],
    },
    {
      name: 'quoted and schema-qualified names',
      sql: 'select * from "orders" join public.deposits on true join "public"."jobs" on true join pg_catalog.pg_class c on true',
      expected: ['read orders', 'read deposits', 'read jobs', 'read pg_catalog.pg_class'],
    },
    {
      name: 'a table chosen at run time',
      sql: `select count(*) from ${dynamic} where workspace_id = $1; update ${dynamic} set x = 1`,
      expected: [`read ${dynamic}`, `write ${dynamic}`],
    },
    {
      name: 'words that only look like a FROM or an UPDATE',
      sql: 'select extract(epoch from now()), substring(name from 2) from orders for update',
      expected: ['read orders'],
    },
  ];
  it.each(cases)('$name', ({ sql, expected }) => expect(accessesOf(sql)).toEqual(expected));

  it('names the CTEs a text defines', () => {
    expect([...cteNames('with a as (select 1), "B" (x) as materialized (select 2) select * from a, "B"')]).toEqual([
      'a',
      'B',
    ]);
    expect([...cteNames('claimed as (insert into idempotency_keys (key) values ($1) returning 1)')]).toEqual([
      'claimed',
    ]);
  });
});

describe('which literals hold SQL', () => {
  const sql = [
    'select * from orders',
    'select 1',
    "insert into jobs (kind) values ('x')",
    'update orders o set status = $1',
    'delete from jobs where id = $1',
    'merge into balances b using x on true when matched then delete',
    'truncate jobs',
    'with doomed as (select 1) delete from jobs',
    'gone as (delete from jobs returning 1)',
    '(select count(*) from orders where workspace_id = $1)',
  ];
  const notSql = [
    'Delete a banking account; orders and withdrawals already made to it are not affected',
    'order 1 cannot move from Pending to Success',
    '<label>Status <select name="status"><option>from orders</option></select></label>',
    'the jobs update at once',
    '',
  ];
  it.each(sql)('SQL: %s', (text) => expect(isSql(text)).toBe(true));
  it.each(notSql)('not SQL: %s', (text) => expect(isSql(text)).toBe(false));
});

const tables = new Set(['orders', 'deposits', 'accounts', 'jobs', 'pending_payments', 'withdrawals']);
const accessesIn = (source: string) =>
  fileAccesses('src/x.ts', source, tables).map((a) => `${a.line}: ${a.kind} ${a.table}`);

describe('what a TypeScript file reads and writes', () => {
  it('reads string and template literals, not comments', () => {
    const source = [
      '// select * from withdrawals',
      '/** delete from withdrawals: a comment */',
      "const a = 'select id from orders';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source as text, its template literal included
      'const b = (p: P) => `update deposits set status = ${p.add(1)} where id = ${p.add(2)}`;',
      "const c = 'the orders, from deposits';",
      'const d = `insert into jobs (kind)',
      '  select kind from accounts`;',
    ].join('\n');
    expect(accessesIn(source)).toEqual(['3: read orders', '4: write deposits', '6: write jobs', '6: read accounts']);
  });

  it('reads a + chain as one text, its other operands as values read on their own', () => {
    expect(accessesIn("const s = 'select id ' +\n  'from orders';")).toEqual(['1: read orders']);
    expect(accessesIn("const s = 'select ' + columns.join(', ') + ' from orders';")).toEqual(['1: read orders']);
    // The FROM takes its table from a value: the file's 'deposits' is that table.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source as text, its template literal included
    expect(accessesIn("const s = prefix + f('delete from jobs') + `; select 1 from ${t('deposits')}`;")).toEqual([
      '1: write jobs',
      '1: read deposits',
    ]);
  });

  it("takes insertRowSql's table as written and a list source's from as read", () => {
    const source = [
      "const w = insertRowSql(p, 'withdrawals', withdrawalColumns, row, claimed);",
      "const source = { select: '*', from: 'pending_payments p join accounts a on a.id = p.account_id' };",
    ].join('\n');
    expect(accessesIn(source)).toEqual(['1: write withdrawals', '2: read pending_payments', '2: read accounts']);
  });

  it('counts the table-name literals of a file whose statement takes its table from a value', () => {
    const source = [
      "const entityTables = { order: 'orders', deposit: 'deposits' } as const;",
      "const label = 'jobs and more';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source as text, its template literal included
      'const read = (t: string) => db.query(`select status from ${entityTables[t]} where id = $1`);',
    ].join('\n');
    expect(accessesIn(source)).toEqual(['1: read orders', '1: read deposits']);
  });

  it('reads nothing in a file without SQL', () => {
    expect(accessesIn("export const orders = 'orders';\n// delete from orders")).toEqual([]);
  });
});
