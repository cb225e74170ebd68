// The embedded store's prepared statements (src/storage/pglite-prepared.ts): rows, parameter types, errors and
// transactions answer as PGlite's own query() did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/storage/db.js';
import { openPglite } from '../../src/storage/pglite.js';

let db: Db;
beforeAll(async () => {
  db = await openPglite(undefined);
  await db.exec('create table probe (id int primary key, tags text[], ok boolean, amount bigint)');
});
afterAll(() => db.close());

describe('prepared statements on PGlite', () => {
  const cases = [
    { name: 'bigint and text', params: [7n, 'x'], expected: { n: 7n, t: 'x' } },
    { name: 'numbers as bigint', params: [9007199254740993n, 'é'], expected: { n: 9007199254740993n, t: 'é' } },
    { name: 'nulls', params: [null, null], expected: { n: null, t: null } },
  ];
  it.each(cases)('the same statement again and again: $name', async ({ params, expected }) => {
    for (let i = 0; i < 4; i++) {
      expect(await db.query('select $1::bigint as n, $2::text as t, $3::jsonb as j', [...params, '{"a":[1]}'])).toEqual(
        [{ ...expected, j: { a: [1] } }],
      );
    }
  });

  it('arrays, booleans and statements without rows', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        await db.query('insert into probe (id, tags, ok, amount) values ($1, $2, $3, $4)', [i, ['a', 'b,c'], true, 5n]),
      ).toEqual([]);
    }
    expect(
      await db.query('select id, tags, ok, amount from probe where id = any($1::int[]) order by id', [[0, 2]]),
    ).toEqual([
      { id: 0, tags: ['a', 'b,c'], ok: true, amount: 5n },
      { id: 2, tags: ['a', 'b,c'], ok: true, amount: 5n },
    ]);
  });

  it('a refused statement fails alone; the same text answers next time; code is PostgreSQL’s', async () => {
    const text = 'insert into probe (id) values ($1) returning id';
    expect(await db.query(text, [10])).toEqual([{ id: 10 }]);
    const refused = await db.query(text, [10]).catch((error: { code?: string }) => error);
    expect(refused).toMatchObject({ code: '23505' });
    expect(await db.query(text, [11])).toEqual([{ id: 11 }]);
    await expect(db.query('select from nowhere_at_all')).rejects.toThrow(/nowhere_at_all/);
  });

  it('a transaction that fails leaves nothing; one that commits is read back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into probe (id) values ($1)', [20]);
        await tx.query('insert into probe (id) values ($1)', [20]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('select id from probe where id = $1', [20])).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.query('insert into probe (id) values ($1)', [21]);
      expect(await tx.query('select count(*)::int as n from probe where id = $1', [21])).toEqual([{ n: 1 }]);
    });
    expect(await db.query('select id from probe where id = $1', [21])).toEqual([{ id: 21 }]);
  });

  it('statements outside a transaction wait for one that is open', async () => {
    let release: () => void = () => {};
    const open = db.transaction(async (tx) => {
      await tx.query('insert into probe (id) values ($1)', [30]);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = db.query<{ n: number }>('select count(*)::int as n from probe where id = $1', [30]);
    release();
    await open;
    expect(await outside).toEqual([{ n: 1 }]);
  });
});
