import { describe, expect, it } from 'vitest';
import { sealedColumns } from '../../src/platform/secrets/sealed-columns.js';
import { testDb } from '../support/harness.js';

// Goal: the re-encryption command reaches every stored sealed value. Method: every *_sealed column of the migrated
// schema is in the registry (a new one added without it fails here), and each entry's SQL runs on this store.

describe('the registry of sealed columns', () => {
  it('names every *_sealed column of the schema', async () => {
    const db = await testDb();
    const rows = await db.query<{ name: string }>(
      `select table_name || '.' || column_name as name from information_schema.columns
       where table_schema = current_schema() and column_name like '%\\_sealed' order by 1`,
    );
    const registered = new Set(sealedColumns.map((c) => `${c.table}.${c.value}`));
    expect(rows.map((r) => r.name).filter((name) => !registered.has(name))).toEqual([]);
  });

  it.each(sealedColumns.map((c) => [c.name, c] as const))('%s reads on this store', async (_, column) => {
    const db = await testDb();
    await db.query(`select ${column.id}::text, ${column.value} from ${column.table} limit 1`);
  });
});
