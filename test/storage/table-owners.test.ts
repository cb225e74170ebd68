import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sealedColumns, sealedFieldColumns } from '../../src/platform/secrets/sealed-columns.js';
import { knownViolations, readModels, tableOwners } from '../../src/storage/table-owners.js';
import { testDb } from '../support/harness.js';

// Goal: no table is added without an owner (issue #29, item 2; docs/architecture.md, "Who owns which table"). Method:
// the map of src/storage/table-owners.ts names every table of the migrated schema exactly once and no other, each
// owner and read model is a folder or file that exists, and the re-encryption's read model covers every table with
// a sealed column. What the code does with the tables is `npm run lint:tables`'s (scripts/check-table-ownership.ts).

const exists = (module: string) => existsSync(new URL(`../../${module}`, import.meta.url));

describe('the owners of the tables', () => {
  it('names every table of the schema, and no other', async () => {
    const db = await testDb();
    const rows = await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    );
    // A table a test makes for itself in the run's shared database (a *_probe of audit-log-rollback.test.ts or
    // before-commit's) is no table of the schema the migrations build.
    const schema = rows.map((r) => r.name).filter((n) => !n.endsWith('_probe'));
    const named = Object.keys(tableOwners);
    expect(
      schema.filter((t) => !named.includes(t)),
      'tables without an owner: add each to tableOwners in src/storage/table-owners.ts',
    ).toEqual([]);
    expect(
      named.filter((t) => !schema.includes(t)),
      'owners of tables the schema does not have',
    ).toEqual([]);
  });

  it('gives each table an owner that exists, and names read models that exist', () => {
    for (const [table, owner] of Object.entries(tableOwners)) expect(exists(owner), `${table}: ${owner}`).toBe(true);
    for (const model of readModels) {
      expect(exists(model.module), model.module).toBe(true);
      expect(model.reason.length, model.module).toBeGreaterThan(0);
      if (model.tables !== 'any') {
        for (const table of model.tables) expect(Object.keys(tableOwners), model.module).toContain(table);
      }
    }
  });

  it('lets the re-encryption read every table with a sealed column', () => {
    const allowed = readModels.find((m) => m.module === 'src/platform/secrets')?.tables ?? [];
    const sealed = [...new Set([...sealedColumns, ...sealedFieldColumns].map((c) => c.table))];
    expect(
      allowed === 'any' ? [] : sealed.filter((t) => !(allowed as readonly string[]).includes(t)),
      'sealed tables the src/platform/secrets read model does not name',
    ).toEqual([]);
  });

  it('lists each known violation once, with a note, of a table the map knows', () => {
    const keys = knownViolations.map((k) => `${k.rule} ${k.file} ${'table' in k ? k.table : ''}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const k of knownViolations) {
      expect(k.note.length, k.file).toBeGreaterThan(0);
      if ('table' in k) expect(Object.keys(tableOwners), k.file).toContain(k.table);
    }
  });
});
