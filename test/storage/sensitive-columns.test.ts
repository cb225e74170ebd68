import { describe, expect, it } from 'vitest';
import { sealedColumns, sealedFieldColumns } from '../../src/platform/secrets/sealed-columns.js';
import { clearColumns, sensitiveColumns } from '../../src/platform/secrets/sensitive-columns.js';
import { testDb } from '../support/harness.js';

// Goal: no column that can hold an account number, a tax id, a birth date or a document's details is added without
// a decision. Method: every text, JSON, array and bytea column of the migrated schema is named once by the
// inventory (sensitive or clear), every name of the inventory exists, and each way it says a column is kept is
// backed by the registry that does it.

describe('the inventory of sensitive data at rest', () => {
  it('names every text, JSON, array and bytea column of the schema exactly once', async () => {
    const db = await testDb();
    const rows = await db.query<{ name: string }>(
      `select c.table_name || '.' || c.column_name as name from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
       where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
         and c.data_type in ('text', 'jsonb', 'json', 'ARRAY', 'character varying', 'bytea') order by 1`,
    );
    const clear = Object.entries(clearColumns).flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`));
    const named = [...Object.keys(sensitiveColumns), ...clear];
    // A table a test makes for itself in the run's shared database (a *_probe of audit-log-rollback.test.ts or
    // before-commit's) is no table
    // of the schema the migrations build.
    const schema = rows.map((r) => r.name).filter((n) => !/^\w+_probe\./.test(n));
    expect(
      schema.filter((n) => !named.includes(n)),
      'columns the inventory does not name',
    ).toEqual([]);
    expect(
      named.filter((n) => !schema.includes(n)),
      'names the schema does not have',
    ).toEqual([]);
    expect(
      named.filter((n, i) => named.indexOf(n) !== i),
      'named twice',
    ).toEqual([]);
  });

  it('leaves no column that can hold a sensitive value in the clear (issue #28)', () => {
    const open = Object.entries(sensitiveColumns).filter(([, c]) => c.atRest === 'not-yet-sealed');
    expect(open.map(([name]) => name)).toEqual([]);
  });

  it('backs each sealed column by the re-encryption registries', () => {
    // A column's value, and the column that holds rows written before it was sealed (re-encryption seals them).
    const whole = new Set(
      sealedColumns.flatMap((c) => [`${c.table}.${c.value}`, ...(c.clear ? [`${c.table}.${c.clear.value}`] : [])]),
    );
    const fields = new Set(sealedFieldColumns.map((c) => `${c.table}.${c.column}`));
    for (const [name, column] of Object.entries(sensitiveColumns)) {
      if (column.atRest === 'sealed') expect(whole.has(name), name).toBe(true);
      if (column.atRest === 'sealed-fields') expect(fields.has(name), name).toBe(true);
    }
    for (const name of fields) expect(sensitiveColumns[name]?.atRest, name).toBe('sealed-fields');
  });
});
