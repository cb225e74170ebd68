import { describe, expect, it } from 'vitest';
import { depositColumns } from '../../src/resources/deposits/repo.js';
import { orderColumns } from '../../src/resources/orders/repo.js';
import { withdrawalColumns } from '../../src/resources/withdrawals/repo.js';
import type { Columns } from '../../src/storage/table-columns.js';
import { testDb } from '../support/harness.js';

// Goal: a table's column map (its one declaration in code) and its migrations agree: the same columns, each map
// entry's cast fitting the column's type, so an insert generated from the map writes every column the table has.

const castFits: Record<string, (dataType: string) => boolean> = {
  bigint: (t) => t === 'bigint',
  boolean: (t) => t === 'boolean',
  numeric: (t) => t === 'numeric',
  uuid: (t) => t === 'uuid',
  jsonb: (t) => t === 'jsonb',
  text: (t) => t === 'text',
};

describe.each([
  ['orders', orderColumns],
  ['deposits', depositColumns],
  ['withdrawals', withdrawalColumns],
] as [string, Columns][])('the column map of %s', (table, columns) => {
  it('names exactly the columns the migrations create, with fitting casts', async () => {
    const db = await testDb();
    const rows = await db.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns
       where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
      [table],
    );
    expect(Object.keys(columns).sort()).toEqual(rows.map((r) => r.column_name).sort());
    for (const row of rows) {
      const cast = columns[row.column_name]?.cast;
      if (cast === undefined) expect(row.data_type, row.column_name).toBe('text');
      else expect(castFits[cast]?.(row.data_type), `${row.column_name}: ${cast} for ${row.data_type}`).toBe(true);
    }
  });
});
