import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/storage/migrate.js';
import { testDb } from '../support/harness.js';

describe('migrations', () => {
  it('concurrent runs apply nothing twice and both succeed', async () => {
    const db = await testDb();
    const reports = await Promise.all([migrate(db), migrate(db), migrate(db)]);
    expect(reports.every((r) => r.applied.length === 0)).toBe(true);
    const rows = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)).toEqual([...new Set(rows.map((r) => r.name))]);
    expect(rows[0]?.name).toBe('0001_workspaces.sql');
  });

  it('int8 columns come back as bigint and numeric as exact strings on both drivers', async () => {
    const db = await testDb();
    const [row] = await db.query<{ big: bigint; exact: string }>(
      'select 9007199254740993::int8 as big, 0.1::numeric as exact',
    );
    expect(row).toEqual({ big: 9007199254740993n, exact: '0.1' });
  });

  it('a transaction that throws leaves nothing behind', async () => {
    const db = await testDb();
    const name = `rollback-probe-${Date.now()}`;
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into server_keys (name, value) values ($1, $2)', [name, 'x']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.query('select 1 from server_keys where name = $1', [name])).toEqual([]);
  });
});
