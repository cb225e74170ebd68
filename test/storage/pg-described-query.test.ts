// The PostgreSQL driver's statements without a Describe after their first run on a connection
// (src/storage/pg-described-query.ts): rows, types and errors stay what pg itself gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/storage/db.js';
import { openPostgres } from '../../src/storage/postgres.js';

const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;

describe.skipIf(databaseUrl === undefined)('statements described once per connection (PostgreSQL)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPostgres({
      url: databaseUrl as string,
      maxConnections: 2,
      acquireTimeoutMs: 5_000,
      statementTimeoutMs: 5_000,
      idleInTransactionTimeoutMs: 5_000,
    });
  });
  afterAll(() => db.close());

  const cases = [
    { name: 'bigint and text', params: [7, 'x'], expected: { n: 7n, t: 'x' } },
    { name: 'null values', params: [null, null], expected: { n: null, t: null } },
    { name: 'large bigint', params: ['9007199254740993', 'é'], expected: { n: 9007199254740993n, t: 'é' } },
  ];
  it.each(cases)('a row read again and again on the same connections: $name', async ({ params, expected }) => {
    for (let i = 0; i < 6; i++) {
      const rows = await db.query('select $1::bigint as n, $2::text as t, $3::jsonb as j', [...params, '{"a":[1]}']);
      expect(rows).toEqual([{ ...expected, j: { a: [1] } }]);
    }
  });

  it('a statement without rows, then one with several, then none again', async () => {
    await db.transaction(async (tx) => {
      await tx.exec('create temporary table described_probe (id int) on commit drop');
      for (let i = 0; i < 4; i++) {
        expect(await tx.query('insert into described_probe values ($1)', [i])).toEqual([]);
        const rows = await tx.query<{ id: number }>('select id from described_probe order by id');
        expect(rows.map((r) => r.id)).toEqual(Array.from({ length: i + 1 }, (_, k) => k));
      }
    });
    expect(await db.query('select g as n from generate_series(1, $1::int) g where g > $2', [3, 5])).toEqual([]);
    expect(await db.query('select g as n from generate_series(1, $1::int) g where g > $2', [3, 1])).toEqual([
      { n: 2 },
      { n: 3 },
    ]);
  });

  it('a value the statement refuses fails that execution only; the next one answers', async () => {
    const text = 'select $1::int + 1 as n';
    expect(await db.query(text, [1])).toEqual([{ n: 2 }]);
    await expect(db.query(text, ['not a number'])).rejects.toThrow(/invalid input syntax/);
    for (let i = 0; i < 4; i++) expect(await db.query(text, [i])).toEqual([{ n: i + 1 }]);
  });

  it('columns named alike keep the last, as pg does', async () => {
    for (let i = 0; i < 3; i++) expect(await db.query('select 1 as a, 2 as a')).toEqual([{ a: 2 }]);
  });
});

describe.skipIf(databaseUrl === undefined)('a statement refused by the database (PostgreSQL)', () => {
  it('gives its connection back to the pool instead of opening a new one', async () => {
    const db = await openPostgres({
      url: databaseUrl as string,
      maxConnections: 1,
      acquireTimeoutMs: 5_000,
      statementTimeoutMs: 5_000,
      idleInTransactionTimeoutMs: 5_000,
    });
    try {
      const backend = async () => (await db.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]?.pid;
      const first = await backend();
      for (let i = 0; i < 3; i++) {
        await expect(db.query('select 1 / $1::int as n', [0])).rejects.toThrow(/division by zero/);
      }
      expect(await backend()).toBe(first);
    } finally {
      await db.close();
    }
  });
});
